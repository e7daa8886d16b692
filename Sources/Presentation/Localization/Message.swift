/// Every message a person reads in the views that go through the catalog, by key. English is
/// `EnglishCatalog` (an exhaustive switch: a key without its English form does not compile) and
/// Korean `KoreanCatalog` (a table: `CatalogTests` fails when a key lacks its Korean form). A
/// message takes its arguments as `{name}` placeholders, filled by `Words.callAsFunction`.
public enum Message: String, CaseIterable, Hashable, Sendable {
    // The kinds of interview.
    case kindCompany, kindPersonality, kindCompetency
    // The analysis statuses, alone ("ready") and on the title's meta line ("analysis ready").
    case statusReady, statusPending, statusFailed
    case analysisStatus
    // The title's meta line.
    case termNumber
    // Section headings.
    case headingTitle, headingTips, headingCharacter, headingAptitude, headingKeywords, headingVideo
    // A section the service has no data for, and empty lists.
    case notAvailable, noKeywords, noAnswers
    // Trait levels.
    case levelHigh, levelMid, levelLow
    // Tip categories.
    case tipAnswer, tipAttitude, tipVoice, tipPosture
    // Aptitude: the grade and percentile in one framing.
    case grade, topShare, aptitudeShare
    // The video measures.
    case questionNumber, answerDuration, speechRate, gazeStability, voiceStability
    // `fetch --explain`.
    case howToRead
    // Dates: with the service's own zone, KST, UTC or another offset.
    case calendarDate, dateTime, dateTimeKST, dateTimeUTC, dateTimeOffset
    // `report list`'s column headers.
    case columnTerm, columnDate, columnCompany, columnOccupation, columnType, columnAnalysis

    /// The placeholders the code fills in; a language uses some or all of them, and no other
    /// (`CatalogTests`).
    public var arguments: Set<String> {
        switch self {
        case .analysisStatus: ["status"]
        case .termNumber: ["term"]
        case .grade: ["grade"]
        case .topShare: ["share"]
        case .aptitudeShare: ["top", "percentile"]
        case .questionNumber: ["number"]
        case .answerDuration: ["duration"]
        case .speechRate: ["rate"]
        case .gazeStability, .voiceStability: ["score"]
        // month and day as written (11, 02), monthNumber and dayNumber without a leading zero (11, 2).
        case .calendarDate: ["year", "month", "day", "monthNumber", "dayNumber"]
        case .dateTime, .dateTimeKST, .dateTimeUTC: ["date", "time"]
        case .dateTimeOffset: ["date", "time", "offset"]
        default: []
        }
    }
}
