import Domain
@testable import Presentation
import Testing

/// The message catalog: every message has its Korean form, with only the placeholders the code
/// fills in, and a person never reads a raw key or a placeholder in either language.
@Suite("The catalog: every message in every language")
struct CatalogTests {
    /// Messages whose Korean form is rightly the English one (a layout of placeholders, a code).
    static let sameInBothLanguages: Set<Message> = [.dateTime, .dateTimeUTC, .dateTimeOffset, .questionNumber]

    @Test(arguments: Message.allCases)
    func everyMessageHasItsKoreanForm(_ message: Message) throws {
        let korean = try #require(Words.form(message, in: .korean), "\(message) has no Korean form in KoreanCatalog")
        #expect(!korean.isEmpty)
        if !Self.sameInBothLanguages.contains(message) {
            #expect(korean != EnglishCatalog.text(message), "\(message): the Korean form is the English one")
        }
    }

    @Test(arguments: Message.allCases)
    func placeholdersAreTheOnesTheCodeFillsIn(_ message: Message) {
        for language in Language.allCases {
            let template = Words(language).template(message)
            let unknown = Words.placeholders(template).subtracting(message.arguments)
            #expect(unknown.isEmpty, "\(language) \(message): \(unknown) is never filled in")
        }
        // English says everything the code gives it but the variants another language needs.
        if ![.calendarDate, .pageDateTime, .pageDay].contains(message) {
            #expect(Words.placeholders(EnglishCatalog.text(message)) == message.arguments, "\(message)")
        }
    }

    @Test(arguments: Language.allCases)
    func noRawKeyOrPlaceholderIsEverShown(_ language: Language) {
        let words = Words(language)
        for message in Message.allCases {
            let arguments = Dictionary(uniqueKeysWithValues: message.arguments.map { ($0, "1") })
            let text = words(message, arguments)
            #expect(!text.isEmpty && !text.contains("{") && !text.contains("}"), "\(language) \(message): \(text)")
            #expect(text != message.rawValue)
        }
    }

    @Test func aMissingFormFallsBackToEnglish() {
        #expect(Words.fill("{a} and {b}", ["a": "x"]) == "x and {b}")
        #expect(Words.placeholders("{top} ({percentile}%)") == ["top", "percentile"])
        #expect(Words.english.template(.headingTips) == "Tips")
        #expect(Words.korean.template(.headingTips) == "면접 팁")
    }

    @Test func localeNamesToLanguages() {
        #expect(Language(localeName: "ko_KR.UTF-8") == .korean)
        #expect(Language(localeName: "ko") == .korean)
        #expect(Language(localeName: "en_US.UTF-8@euro") == .english)
        #expect(Language(localeName: "ja_JP.UTF-8") == nil)
        #expect(Language(localeName: "C.UTF-8") == nil)
    }

    @Test func datesInKoreanStyle() {
        #expect(DisplayDate.text("2026-11-02T10:15:00+09:00", words: .korean) == "2026년 11월 2일 10:15")
        #expect(DisplayDate.text("2026-11-02T10:15:00Z", words: .korean) == "2026년 11월 2일 10:15 UTC")
        #expect(DisplayDate.text("2026-01-20T09:05:00+01:00", words: .korean) == "2026년 1월 20일 09:05 (+01:00)")
        #expect(DisplayDate.text("2026-11-02T10:15:00+09:00") == "2026-11-02 10:15 KST")
        #expect(DisplayDate.text("2026-11-02T10:15:00") == "2026-11-02 10:15")
        #expect(DisplayDate.text("next week", words: .korean) == "next week")
    }

    @Test func reportWordsInKorean() {
        let aptitude = SectionFormatter.aptitude(
            Aptitude(grade: "B", percentile: 74, games: [
                AptitudeGame(name: "도형 회전", score: 38, maxScore: 50, percentile: 81, comment: ""),
            ]), words: .korean)
        #expect(aptitude.gradeText == "등급 B")
        #expect(aptitude.percentileText == "상위 26%")
        #expect(aptitude.games[0].percentileText == "상위 19%")
        #expect(SectionFormatter.levelText(.high, words: .korean) == "높음")
        #expect(SectionFormatter.levelText(.mid, words: .korean) == "보통")
        #expect(SectionFormatter.levelText(.low, words: .korean) == "낮음")
        #expect(SectionFormatter.levelText(.mid) == "medium")
        #expect(SectionFormatter.analysisText(.pending, words: .korean) == "진행 중")
        #expect(InterviewKindWords.name(.personality, words: .korean) == "인성 면접")
        #expect(ReportSection.aptitude.heading(.korean) == "적성 검사")
        #expect(ReportSection.aptitude.heading == "Aptitude")
    }
}
