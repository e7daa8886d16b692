/// Fetches how to read a section (the seed's toHintTrigger target).
public protocol HintUseCase: Sendable {
    /// Throws `ReportError`.
    func hint(for section: ReportSection) async throws -> Hint
}
