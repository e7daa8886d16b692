import Domain
@testable import Presentation
import Testing
import TestSupport

/// The message catalog: every message has its Korean form, with only the placeholders the code
/// fills in, and a person never reads a raw key or a placeholder in either language.
@Suite("The catalog: every message in every language")
struct CatalogTests {
    /// Messages whose Korean form is rightly the English one (a layout of placeholders, a code).
    static let sameInBothLanguages: Set<Message> = [.dateTime, .dateTimeUTC, .dateTimeOffset, .questionNumber,
        .detailRefusalInputProblem, .detailRefusalCACertProblem, .detailRefusalBaseURLInFile, .detailFileSystem, .detailConfigAtLine, .errorInContext]

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
        // English says everything the code gives it but the variants another language needs, and
        // libcurl's own text (or the C library's for an errno) where another language says the reason by its key.
        if ![.calendarDate, .pageDateTime, .pageDay, .sectionWithKey, .detailCurlFailure, .systemOther].contains(message) {
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

    /// Every key a layer below the catalog says a detail with has its message (the same name),
    /// whose English form fills every value the key is given.
    @Test(arguments: Detail.Key.allCases)
    func everyDetailKeyHasItsMessage(_ key: Detail.Key) throws {
        let message = try #require(Message(rawValue: key.rawValue), "no message for \(key)")
        #expect(Words.korean.template(message) != EnglishCatalog.text(message) || EnglishCatalog.text(message).hasPrefix("{"), "\(key)")
    }

    /// A detail is said by its key in either language: the service's words (data) as they are,
    /// a detail inside said in turn; never an English sentence on a Korean line.
    @Test func detailsAreSaidByTheirKey() {
        let rejected = Detail(.detailRequestRejected, ["detail": .data("잘못된 요청 (HTTP 400)")])
        #expect(Words.english.said(rejected) == "the service rejected the request: 잘못된 요청 (HTTP 400)")
        #expect(Words.korean.said(rejected) == "서비스가 요청을 거부했습니다: 잘못된 요청 (HTTP 400)")
        let expired = Detail(.detailSignInExpired)
        #expect(Words.english.said(expired)
                == "the sign-in has expired: the service no longer accepts the stored refresh token (it was used or revoked)")
        #expect(Words.korean.said(expired).hasPrefix("로그인이 만료되었습니다."))
        let tooFew = Detail(.detailTooFewOfKind, ["kind": .detail(Detail(.detailKindCompany)), "found": .data("0")])
        #expect(Words.english.said(tooFew).contains("the newest is a company interview, and there are 0 of its kind"))
        #expect(Words.korean.said(tooFew).contains("가장 최근 면접은 기업 면접이고"))
    }

    /// A network failure is said by the condition the transport named (libcurl's CURLcode, the
    /// socket's errno, OpenSSL's verify result, the limits it had): English keeps libcurl's text,
    /// Korean is whole Korean whatever that text is, even one no catalog has ever seen.
    @Test func networkFailuresAreSaidByTheirCondition() {
        func failure(_ curl: String, _ reason: Detail) -> Detail {
            Detail(.detailCurlFailure, ["curl": .data(curl), "reason": .detail(reason)])
        }
        let down = failure("Failed to connect to h port 1 after 0 ms: Network is down",
                           Detail(.detailNetCouldNotConnect, ["host": .data("h"), "port": .data("1"), "code": .data("ENETDOWN")]))
        #expect(Words.english.said(down) == "Failed to connect to h port 1 after 0 ms: Network is down")
        #expect(Words.korean.said(down) == "h 포트 1에 연결하지 못했습니다(ENETDOWN)")
        let cases: [(Detail, String)] = [
            (Detail(.detailNetRefused, ["host": .data("127.0.0.1"), "port": .data("1")]), "127.0.0.1 포트 1에서 연결을 거부했습니다(ECONNREFUSED)"),
            (Detail(.detailNetResolve, ["host": .data("no-such.invalid")]), "호스트 이름 no-such.invalid의 주소를 찾을 수 없습니다"),
            (Detail(.detailNetTimeout, ["milliseconds": .data("30000")]), "요청이 제한 시간 30000ms 안에 끝나지 않았습니다"),
            (Detail(.detailNetConnectTimeout, ["host": .data("h"), "port": .data("443"), "milliseconds": .data("10000")]),
             "10000ms 안에 h 포트 443에 연결되지 않았습니다"),
            (Detail(.detailNetCertExpired), "서비스의 인증서가 만료되었습니다"),
            (Detail(.detailNetCertNameMismatch, ["host": .data("h")]), "서비스의 인증서가 호스트 이름 h의 인증서가 아닙니다"),
            (Detail(.detailNetEmptyReply, ["host": .data("h"), "port": .data("80")]), "h 포트 80의 서버가 아무것도 보내지 않고 연결을 닫았습니다"),
        ]
        for (reason, korean) in cases {
            // A libcurl text that no form of the catalog matches.
            let said = Words.korean.said(failure("Some future libcurl wording of what went wrong", reason))
            #expect(said == korean)
            #expect(EnglishInKorean.englishRun(in: said) == nil, "\(said)")
        }
    }

    /// What the transport decides itself, what did not decode and what breaks the contract: a key
    /// with its values (byte offset, key path as data), whole Korean, English as it always was.
    @Test func transportDecodingAndContractDetailsAreSaidByKey() {
        let cases: [(Detail, english: String, korean: String)] = [
            (Detail(.detailTransferStalled, ["milliseconds": .data("15000")]),
             "the transfer stalled: no data moved for 15000 ms", "15000ms 동안 데이터가 오가지 않아 전송을 멈췄습니다"),
            (Detail(.detailResponseTooLarge, ["limit": .data("1024")]),
             "the response is larger than the limit of 1024 bytes", "응답이 한도(1024바이트)보다 큽니다"),
            (Detail(.detailInsecureRedirect, ["detail": .data("Protocol \"ftp\" not supported or disabled in libcurl")]),
             "refused to follow a redirect to a scheme that is not allowed: https redirects only to https, http to http or https (Protocol \"ftp\" not supported or disabled in libcurl)",
             "허용되지 않은 스킴으로의 리디렉션을 따르지 않았습니다. https는 https로만, http는 http나 https로만 리디렉션할 수 있습니다"),
            (Detail(.detailTimeLimitPassed, ["limit": .data("800 ms")]), "the 800 ms time limit passed", "제한 시간(800 ms)이 지났습니다"),
            (Detail(.detailUnreadableResponse, ["detail": .detail(Detail(.detailJSONSyntax, ["offset": .data("907")]))]),
             "the service sent a response this client cannot read: the body is not valid JSON (at byte 907)",
             "서비스가 보낸 응답을 읽을 수 없습니다: 본문이 올바른 JSON이 아닙니다(바이트 위치 907)"),
            (Detail(.detailUnreadableResponse, ["detail": .detail(Detail(.detailJSONMissingKey, ["key": .data("result")]))]),
             "the service sent a response this client cannot read: missing key 'result'",
             "서비스가 보낸 응답을 읽을 수 없습니다: 'result' 키가 없습니다"),
            (Detail(.detailContractBroken, ["detail": .detail(Detail(.detailContractInItem, ["index": .data("2"), "detail": .detail(
                Detail(.detailContractPercentage, ["path": .data("character.traits[0].score"), "value": .data("140")]))]))]),
             "items[2]: character.traits[0].score must be between 0 and 100, got 140",
             "서비스가 보낸 응답이 약속된 형식에 맞지 않습니다: 목록 항목 items[2]: character.traits[0].score 값은 0~100 범위여야 하는데 받은 값은 140입니다"),
            (Detail(.detailUnusableCredentials, ["detail": .detail(Detail(.detailContractTokenMalformed, ["field": .data("accessToken")]))]),
             "the service sent unusable credentials: accessToken is malformed",
             "서비스가 쓸 수 없는 인증 정보를 보냈습니다: accessToken 값의 형식이 올바르지 않습니다"),
            (Detail.unexpected("DecodingError.somethingNew"), "DecodingError.somethingNew", "예상하지 못한 오류입니다"),
        ]
        for (detail, english, korean) in cases {
            #expect(Words.english.said(detail) == english)
            #expect(Words.korean.said(detail) == korean)
            #expect(EnglishInKorean.englishRun(in: Words.korean.said(detail)) == nil, "\(korean)")
        }
    }

    /// Korean picks 은/는, 이/가, 을/를, 와/과 by the last sound of the word before, which a
    /// placeholder's value decides (`base_url` 키, `'abc'`, a URL, a command with its flags): such a
    /// particle never follows a placeholder, even a quoted one; the message names what the value
    /// is (`{key} 키가`), puts the value after a colon, or writes both (`{path}을(를)`). (으)로
    /// after a placeholder is checked where the value's end is known: help's `<명령>`/`<주제>`.
    @Test(arguments: Message.allCases)
    func noKoreanParticleDependsOnAValue(_ message: Message) throws {
        let korean = try #require(Words.form(message, in: .korean))
        // A value, quoted or not, then a particle that is not written with its pair (`을(를)`, the
        // usual form for a value of either sound). After `)` the particle is the word's before the
        // parenthesis (`주소({stored})를`); after a unit, the unit's (`{milliseconds}ms가`).
        let particle = try Regex(#"\{[A-Za-z]+\}['"`\]]{0,2}(은|는|이|가|을|를|와|과)(?![(\p{Hangul}])"#)
        #expect(korean.firstMatch(of: particle) == nil, "\(message): \(korean)")
    }

    /// Every Korean form follows the style of docs/LOCALIZATION.md (`KoreanStyle`): 합니다체 and
    /// ~하세요, never ~하십시오; two sentences never joined with `;`; no space before `(`; ranges
    /// with `~`; one name per thing (면접 번호, 페이지, 폴더, 리디렉션, 유형); codes only in
    /// parentheses; `N건` for interviews; `B등급`.
    @Test(arguments: Message.allCases)
    func koreanFollowsTheStyleGuide(_ message: Message) throws {
        let korean = try #require(Words.form(message, in: .korean))
        for problem in KoreanStyle.problems(in: korean) {
            Issue.record("\(message): \(problem)\n  \(korean)")
        }
    }

    /// The checker itself: a text of each kind the guide forbids is caught, a good one is not.
    @Test func theStyleCheckerCatchesWhatTheGuideForbids() {
        for bad in ["아직 분석 중입니다; 몇 분 뒤에 다시 시도하십시오", "다음을 의도하셨습니까?", "회차 1001", "없습니다 (HTTP 404)",
                    "(1–64)", "기업 면접 · BASIC", "면접 35번", "등급 B", "9쪽은", "aptitude 항목이"] {
            #expect(!KoreanStyle.problems(in: bad).isEmpty, "\(bad)")
        }
        for good in ["아직 분석 중입니다. 몇 분 뒤에 다시 시도해 주세요.", "면접 번호 1001", "없습니다(HTTP 404)", "(1~64)",
                     "기업 면접 · 기본 단계", "기타 면접(SITUATION)", "면접 35건", "B등급", "적성 검사(aptitude) 항목", "3번째 줄"] {
            #expect(KoreanStyle.problems(in: good).isEmpty, "\(good): \(KoreanStyle.problems(in: good))")
        }
    }

    /// The terminal's title line names the program level, and a kind this client does not know,
    /// in Korean with the code in parentheses; English keeps the service's codes.
    @Test func levelsAndKindsOnTheTitleLine() {
        #expect(SectionFormatter.title(Sample.interview(), words: .korean).kindText == "기업 면접 · 기본 단계")
        #expect(SectionFormatter.title(Sample.interview(.other("SITUATION")), words: .korean).kindText == "기타 면접(SITUATION) · 기본 단계")
        #expect(SectionFormatter.title(Sample.interview(.other("SITUATION"))).kindText == "SITUATION · BASIC")
        #expect(SectionFormatter.title(Sample.interview()).kindText == "Company interview · BASIC")
    }

    /// A message and its hint: two sentences in Korean, `message; hint` in English.
    @Test func aMessageAndItsHintAreTwoKoreanSentences() {
        #expect(Words.korean.line("아직 분석 중입니다", hint: "몇 분 뒤에 다시 시도해 주세요") == "아직 분석 중입니다. 몇 분 뒤에 다시 시도해 주세요.")
        #expect(Words.korean.line("끝났습니다.", hint: nil) == "끝났습니다.")
        #expect(Words.english.line("still running", hint: "try again later") == "still running; try again later")
        #expect(Words.english.line("still running", hint: nil) == "still running")
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
        // A Korean member reads every time in KST, whatever zone the service wrote it in.
        #expect(DisplayDate.text("2026-11-02T10:15:00Z", words: .korean) == "2026년 11월 2일 19:15")
        #expect(DisplayDate.text("2026-01-20T09:05:00+01:00", words: .korean) == "2026년 1월 20일 17:05")
        #expect(DisplayDate.text("2026-12-31T20:30:00-05:00", words: .korean) == "2027년 1월 1일 10:30")
        #expect(DisplayDate.text("2026-11-02T10:15:00Z") == "2026-11-02 10:15 UTC")
        // A table column's form: `2026.10.30 19:40` (English keeps its one form).
        #expect(DisplayDate.text("2026-10-30T19:40:00+09:00", words: .korean, table: true) == "2026.10.30 19:40")
        #expect(DisplayDate.text("2026-10-30T19:40:00+09:00", table: true) == "2026-10-30 19:40 KST")
        // `auth status`'s expiry: ISO-8601 as it was in English, a KST date in Korean.
        #expect(DisplayDate.instant("2026-11-18T11:06:00Z", words: .english) == "2026-11-18T11:06:00Z")
        #expect(DisplayDate.instant("2026-11-18T11:06:00Z", words: .korean) == "2026년 11월 18일 20:06")
        #expect(DisplayDate.text("2026-11-02T10:15:00+09:00") == "2026-11-02 10:15 KST")
        #expect(DisplayDate.text("2026-11-02T10:15:00") == "2026-11-02 10:15")
        #expect(DisplayDate.text("next week", words: .korean) == "next week")
    }

    @Test func reportWordsInKorean() {
        let aptitude = SectionFormatter.aptitude(
            Aptitude(grade: "B", percentile: 74, games: [
                AptitudeGame(name: "도형 회전", score: 38, maxScore: 50, percentile: 81, comment: ""),
            ]), words: .korean)
        #expect(aptitude.gradeText == "B등급")
        // The share beside the percentile the service's hint grades by (`백분위 80 이상이 A`).
        #expect(aptitude.percentileText == "상위 26%(백분위 74)")
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
