/// How to read one section of the report (the seed's hint popup).
public struct Hint: Hashable, Sendable {
    public let section: ReportSection
    public let title: String
    public let body: String

    public init(section: ReportSection, title: String, body: String) {
        self.section = section
        self.title = title
        self.body = body
    }
}
