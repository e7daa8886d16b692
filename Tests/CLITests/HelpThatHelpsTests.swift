import Foundation
import Testing
import TestSupport

/// `report help` with a word more than it needs, a mistyped command or topic, a language by
/// another of its names and a term that is not one: the help asked for, or one line that says
/// what was meant (exit 64), in the member's language.
@Suite("Help that helps")
struct HelpThatHelpsTests {
    static let korean = ["LANG": "ko_KR.UTF-8"]

    @Test func anOptionAfterHelpIsNoTopic() async {
        for arguments in [["help", "fetch", "--no-pager"], ["help", "--no-pager", "fetch"], ["help", "auth", "login", "--json"]] {
            let result = await reportInProcess(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.contains("USAGE: report \(arguments.contains("auth") ? "auth login" : "fetch")"), "\(arguments)")
            #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
        }
    }

    @Test func aWordAfterACommandWithoutSubcommandsIsLeftOutAndSaidSo() async {
        let result = await reportInProcess(["help", "fetch", "x"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: report fetch"), "\(result.stdout)")
        #expect(result.stderr == "report: 'x' ignored: showing the help of 'report fetch'\n")
        let topic = await reportInProcess(["help", "exit-codes", "all"])
        #expect(topic.status == 0)
        #expect(topic.stdout.contains("  64   "), "\(topic.stdout)")
        #expect(topic.stderr == "report: 'all' ignored: showing the help of 'report help exit-codes'\n")
        let inKorean = await reportInProcess(["help", "fetch", "x"], environment: Self.korean)
        #expect(inKorean.status == 0)
        #expect(inKorean.stdout.contains("report fetch"))
        #expect(inKorean.stderr == "report: 'x' 단어는 무시하고 'report fetch' 도움말을 보여 줍니다.\n")
    }

    @Test func aMistypedCommandOrTopicAfterHelpIsSuggested() async {
        let result = await reportInProcess(["help", "fecth"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "report: no help topic or command 'fecth'; did you mean 'fetch'? (see 'report help fetch')\n")
        let topic = await reportInProcess(["help", "exit-code"])
        #expect(topic.stderr == "report: no help topic or command 'exit-code'; did you mean 'exit-codes'? (see 'report help exit-codes')\n")
        let sub = await reportInProcess(["help", "auth", "lgoin"])
        #expect(sub.status == 64)
        #expect(sub.stderr == "report: no help topic or command 'lgoin'; did you mean 'login'? (see 'report help auth login')\n")
        let inKorean = await reportInProcess(["help", "fecth"], environment: Self.korean)
        #expect(inKorean.status == 64)
        #expect(inKorean.stderr.contains("'fecth'") && inKorean.stderr.contains("'fetch'") && inKorean.stderr.contains("report help fetch"),
                "\(inKorean.stderr)")
    }

    @Test func aLanguageByAnotherNameSuggestsItsCode() async throws {
        for (value, meant) in [("kr", "ko"), ("korean", "ko"), ("ko_KR", "ko"), ("한국어", "ko"), ("english", "en")] {
            let result = await reportInProcess(["fetch", "1001", "--lang", value])
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix("report: invalid value '\(value)' for '--lang'"), "\(result.stderr)")
            #expect(result.stderr.hasSuffix("; did you mean '\(meant)'? (see 'report fetch --help')\n"), "\(value): \(result.stderr)")
        }
        let json = await reportInProcess(["list", "--lang=kr", "--json"])
        #expect(json.status == 64)
        let object = try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any]
        let error = try #require(object?["error"] as? [String: Any])
        #expect(error["hint"] as? String == "did you mean 'ko'? (see 'report list --help')")
        let format = await reportInProcess(["fetch", "1001", "--format", "jsno"])
        #expect(format.stderr.hasSuffix("; did you mean 'json'? (see 'report fetch --help')\n"), "\(format.stderr)")
        let unlike = await reportInProcess(["fetch", "1001", "--lang", "ja"])
        #expect(unlike.stderr.hasSuffix("; see 'report fetch --help'\n"), "no guess for another language: \(unlike.stderr)")
    }

    @Test func aNegativeTermIsNoTermAndTheNewestIsAFlag() async {
        for arguments in [["fetch", "-1"], ["fetch", "--term", "-1"], ["fetch", "0"], ["fetch", "latest"]] {
            let result = await reportInProcess(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stdout.isEmpty)
            let value = arguments.last ?? ""
            #expect(result.stderr == "report: not a term number: '\(value)' (a term is a number such as 1001); "
                    + "for your newest interview whose analysis is done, use --latest (see 'report fetch --help')\n", "\(arguments): \(result.stderr)")
        }
        let word = await reportInProcess(["fetch", "abc"])
        #expect(word.stderr.hasSuffix("; see 'report fetch --help'\n"), "no flag for a word unlike the newest: \(word.stderr)")
        let compare = await reportInProcess(["compare", "-1", "-2"])
        #expect(compare.status == 64)
        #expect(compare.stderr.contains("not a term number: '-1'") && compare.stderr.contains("use --latest 2"), "\(compare.stderr)")
        let inKorean = await reportInProcess(["fetch", "-1"], environment: Self.korean)
        #expect(inKorean.status == 64)
        #expect(inKorean.stderr.contains("'-1'") && inKorean.stderr.contains("분석이 끝난 가장 최근 면접은 --latest 옵션으로 볼 수 있습니다."),
                "\(inKorean.stderr)")
    }
}
