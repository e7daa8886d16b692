import ArgumentParser
import Domain

/// The sections that have hints (the title has none).
struct HintSection: ExpressibleByArgument, Sendable {
    let section: ReportSection

    init?(argument: String) {
        guard let section = ReportSection(rawValue: argument), section != .title else { return nil }
        self.section = section
    }

    static var allValueStrings: [String] { ReportSection.allCases.filter { $0 != .title }.map(\.rawValue) }
}
