/// One completed mock interview: the report's title data (the seed's CompletedInterviewData).
/// Every field that is only shown may be missing (nil): a real service sends `null` for what it
/// does not know, and the app's own model had them all optional. Only `termNo` is required.
public struct InterviewTerm: Hashable, Sendable {
    public let termNo: TermNumber
    public let companyName: String?
    public let occupationName: String?
    public let careerName: String?
    /// When the interview was taken, as the ISO-8601 date-time the service sent (its offset kept).
    public let registeredAt: String?
    /// A missing `itemTypeCode` is a kind this client does not know (`.other("")`).
    public let itemType: ItemType
    public let programLevel: String?
    public let analysisStatus: AnalysisStatus

    public init(termNo: TermNumber, companyName: String?, occupationName: String?, careerName: String?,
                registeredAt: String?, itemType: ItemType, programLevel: String?,
                analysisStatus: AnalysisStatus) {
        self.termNo = termNo
        self.companyName = companyName
        self.occupationName = occupationName
        self.careerName = careerName
        self.registeredAt = registeredAt
        self.itemType = itemType
        self.programLevel = programLevel
        self.analysisStatus = analysisStatus
    }
}
