import ArgumentParser
import Domain

/// `--section tips,character`: one or more section names, comma-separated, in any case.
struct SectionList: ExpressibleByArgument, Sendable {
    let sections: [ReportSection]

    init?(argument: String) {
        var sections: [ReportSection] = []
        for name in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let section = ReportSection(rawValue: String(name.filter { $0 != " " }).lowercased()) else { return nil }
            sections.append(section)
        }
        self.sections = sections
    }

    static var allValueStrings: [String] { ReportSection.allCases.map(\.rawValue) }

    /// A shell completes one name at a time (`--section tips` ⇥).
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    /// All the sections of every `--section`; nil when none was given (every section of the kind).
    static func union(_ lists: [SectionList]) -> Set<ReportSection>? {
        lists.isEmpty ? nil : Set(lists.flatMap(\.sections))
    }
}
