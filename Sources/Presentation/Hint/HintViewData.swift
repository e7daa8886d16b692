import Domain

/// A section's hint as a view shows it.
public struct HintViewData: Hashable, Sendable {
    /// The hint as the service sent it (`report hint --json` writes it).
    public let hint: Hint
    public let section: ReportSection
    /// The section's heading ("Aptitude").
    public let heading: String
    public let title: String
    public let body: String

    public init(_ hint: Hint) {
        self.hint = hint
        section = hint.section
        heading = hint.section.heading
        title = hint.title
        body = hint.body
    }
}

extension LoadViewModel where Value == HintViewData {
    /// The hint screen of `section` (the seed's toHintTrigger destination).
    public static func hint(_ section: ReportSection, useCase: any HintUseCase,
                            serviceCheckUseCase: (any ServiceCheckUseCase)?,
                            navigator: any Navigator) -> LoadViewModel<HintViewData> {
        LoadViewModel(load: { HintViewData(try await useCase.hint(for: section)) },
                      serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
    }
}
