import ArgumentParser
import Domain

/// The sections that have hints (the title has none).
struct HintSection: ExpressibleByArgument, Sendable {
    let section: ReportSection

    init?(argument: String) {
        guard let section = ReportSection(rawValue: argument.lowercased()), ReportSection.withHints.contains(section) else { return nil }
        self.section = section
    }

    static var allValueStrings: [String] { ReportSection.withHints.map(\.rawValue) }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
