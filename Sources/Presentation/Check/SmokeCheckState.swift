import Domain

public struct SmokeCheckState: Hashable, Sendable {
    public internal(set) var results: [SmokeCheckResult]
    public internal(set) var isFinished: Bool

    /// The first failure, if any check failed.
    public var firstFailure: ReportError? {
        for result in results { if case .failed(let error) = result.outcome { return error } }
        return nil
    }
}
