import Foundation
import Testing
import TestSupport
@testable import CLI

/// Argument mistakes are answered in report's own words, in the member's language: one line on
/// stderr that names the mistake (a mistyped option whatever follows it, a bad value with the
/// valid ones, a missing value, an argument too many), exit 64, never the parser's wording; with
/// `--json` one error document whose code and message are English in every language.
@Suite("Argument mistakes")
struct ArgumentMistakeTests {
    struct Mistake: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        /// What the line must name.
        let named: String
        let english: String
        let korean: String
        init(_ arguments: [String], named: String, english: String, korean: String) {
            (self.arguments, self.named, self.english, self.korean) = (arguments, named, english, korean)
        }
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let mistakes: [Mistake] = [
        Mistake(["fetch", "1001", "--sectoin", "tips"], named: "--sectoin",
                english: "report: unknown option '--sectoin'; did you mean '--section'? (see 'report fetch --help')",
                korean: "report: 알 수 없는 옵션입니다: '--sectoin'. 혹시 '--section'을(를) 입력하려고 하셨나요? 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "--sectoin", "tips", "1001"], named: "--sectoin",
                english: "report: unknown option '--sectoin'; did you mean '--section'? (see 'report fetch --help')",
                korean: "report: 알 수 없는 옵션입니다: '--sectoin'. 혹시 '--section'을(를) 입력하려고 하셨나요? 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "1001", "--sectoin=tips"], named: "--sectoin",
                english: "report: unknown option '--sectoin'; did you mean '--section'? (see 'report fetch --help')",
                korean: "report: 알 수 없는 옵션입니다: '--sectoin'. 혹시 '--section'을(를) 입력하려고 하셨나요? 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "--trem", "1001"], named: "--trem",
                english: "report: unknown option '--trem'; did you mean '--term'? (see 'report fetch --help')",
                korean: "report: 알 수 없는 옵션입니다: '--trem'. 혹시 '--term'을(를) 입력하려고 하셨나요? 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "1001", "--explian"], named: "--explian",
                english: "report: unknown option '--explian'; did you mean '--explain'? (see 'report fetch --help')",
                korean: "report: 알 수 없는 옵션입니다: '--explian'. 혹시 '--explain'을(를) 입력하려고 하셨나요? 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["list", "--stauts", "done"], named: "--stauts",
                english: "report: unknown option '--stauts'; did you mean '--status'? (see 'report list --help')",
                korean: "report: 알 수 없는 옵션입니다: '--stauts'. 혹시 '--status'을(를) 입력하려고 하셨나요? 사용법은 'report list --help'에서 볼 수 있습니다."),
        Mistake(["list", "--limt", "5"], named: "--limt",
                english: "report: unknown option '--limt'; did you mean '--limit'? (see 'report list --help')",
                korean: "report: 알 수 없는 옵션입니다: '--limt'. 혹시 '--limit'을(를) 입력하려고 하셨나요? 사용법은 'report list --help'에서 볼 수 있습니다."),
        Mistake(["compare", "1001", "1004", "--fromat", "json"], named: "--fromat",
                english: "report: unknown option '--fromat'; did you mean '--format'? (see 'report compare --help')",
                korean: "report: 알 수 없는 옵션입니다: '--fromat'. 혹시 '--format'을(를) 입력하려고 하셨나요? 사용법은 'report compare --help'에서 볼 수 있습니다."),
        Mistake(["trend", "--lsat", "3"], named: "--lsat",
                english: "report: unknown option '--lsat'; did you mean '--last'? (see 'report trend --help')",
                korean: "report: 알 수 없는 옵션입니다: '--lsat'. 혹시 '--last'을(를) 입력하려고 하셨나요? 사용법은 'report trend --help'에서 볼 수 있습니다."),
        Mistake(["auth", "login", "--with-tokn"], named: "--with-tokn",
                english: "report: unknown option '--with-tokn'; did you mean '--with-token'? (see 'report auth login --help')",
                korean: "report: 알 수 없는 옵션입니다: '--with-tokn'. 혹시 '--with-token'을(를) 입력하려고 하셨나요? 사용법은 'report auth login --help'에서 볼 수 있습니다."),
        Mistake(["status", "--verbos"], named: "--verbos",
                english: "report: unknown option '--verbos'; did you mean '--verbose'? (see 'report status --help')",
                korean: "report: 알 수 없는 옵션입니다: '--verbos'. 혹시 '--verbose'을(를) 입력하려고 하셨나요? 사용법은 'report status --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "1001", "-x"], named: "-x",
                english: "report: unknown option '-x'; see 'report fetch --help'",
                korean: "report: 알 수 없는 옵션입니다: '-x'. 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["cache", "info", "--frobnicate"], named: "--frobnicate",
                english: "report: unknown option '--frobnicate'; see 'report cache info --help'",
                korean: "report: 알 수 없는 옵션입니다: '--frobnicate'. 사용법은 'report cache info --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "1001", "--section", "foo"], named: "foo",
                english: "report: invalid value 'foo' for '--section' (valid values: title, tips, character, aptitude, keywords, video); see 'report fetch --help'",
                korean: "report: '--section' 옵션에 쓸 수 없는 값입니다: 'foo'(쓸 수 있는 값: title, tips, character, aptitude, keywords, video). 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "1001", "--section", "tips,foo"], named: "foo",
                english: "report: invalid value 'foo' for '--section' (valid values: title, tips, character, aptitude, keywords, video); see 'report fetch --help'",
                korean: "report: '--section' 옵션에 쓸 수 없는 값입니다: 'foo'(쓸 수 있는 값: title, tips, character, aptitude, keywords, video). 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["list", "--status", "foo"], named: "foo",
                english: "report: invalid value 'foo' for '--status' (valid values: done, ready, pending, failed); see 'report list --help'",
                korean: "report: '--status' 옵션에 쓸 수 없는 값입니다: 'foo'(쓸 수 있는 값: done, ready, pending, failed). 사용법은 'report list --help'에서 볼 수 있습니다."),
        Mistake(["list", "--kind", "robot"], named: "robot",
                english: "report: invalid value 'robot' for '--kind' (valid values: company, personality, competency); see 'report list --help'",
                korean: "report: '--kind' 옵션에 쓸 수 없는 값입니다: 'robot'(쓸 수 있는 값: company, personality, competency). 사용법은 'report list --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "1001", "--format", "xx"], named: "xx",
                english: "report: invalid value 'xx' for '--format' (valid values: text, json, markdown, html); see 'report fetch --help'",
                korean: "report: '--format' 옵션에 쓸 수 없는 값입니다: 'xx'(쓸 수 있는 값: text, json, markdown, html). 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["trend", "--format", "pdf"], named: "pdf",
                english: "report: invalid value 'pdf' for '--format' (valid values: text, json, html, csv); see 'report trend --help'",
                korean: "report: '--format' 옵션에 쓸 수 없는 값입니다: 'pdf'(쓸 수 있는 값: text, json, html, csv). 사용법은 'report trend --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "1001", "--color", "sometimes"], named: "sometimes",
                english: "report: invalid value 'sometimes' for '--color' (valid values: auto, always, never); see 'report fetch --help'",
                korean: "report: '--color' 옵션에 쓸 수 없는 값입니다: 'sometimes'(쓸 수 있는 값: auto, always, never). 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "1001", "--lang=xx"], named: "xx",
                english: "report: invalid value 'xx' for '--lang' (valid values: en, ko); see 'report fetch --help'",
                korean: "report: '--lang' 옵션에 쓸 수 없는 값입니다: 'xx'(쓸 수 있는 값: en, ko). 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "1001", "--timeout", "abc"], named: "abc",
                english: "report: invalid value 'abc' for '--timeout'; see 'report fetch --help'",
                korean: "report: '--timeout' 옵션에 쓸 수 없는 값입니다: 'abc'. 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["list", "--limit", "x"], named: "x",
                english: "report: invalid value 'x' for '--limit'; see 'report list --help'",
                korean: "report: '--limit' 옵션에 쓸 수 없는 값입니다: 'x'. 사용법은 'report list --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "--term", "abc"], named: "abc",
                english: "report: invalid value 'abc' for '--term'; see 'report fetch --help'",
                korean: "report: '--term' 옵션에 쓸 수 없는 값입니다: 'abc'. 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "abc"], named: "abc",
                english: "report: not a term number: 'abc' (a term is a number such as 1001); see 'report fetch --help'",
                korean: "report: 면접 번호가 아닙니다: 'abc'(면접 번호는 1001 같은 숫자입니다). 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["compare", "1001", "x"], named: "x",
                english: "report: not a term number: 'x' (a term is a number such as 1001); see 'report compare --help'",
                korean: "report: 면접 번호가 아닙니다: 'x'(면접 번호는 1001 같은 숫자입니다). 사용법은 'report compare --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "1001", "--timeout"], named: "--timeout",
                english: "report: missing value for '--timeout'; see 'report fetch --help'",
                korean: "report: '--timeout' 옵션에 값이 없습니다. 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "1001", "--section"], named: "--section",
                english: "report: missing value for '--section'; see 'report fetch --help'",
                korean: "report: '--section' 옵션에 값이 없습니다. 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "1001", "--section", "--explain"], named: "--section",
                english: "report: missing value for '--section'; see 'report fetch --help'",
                korean: "report: '--section' 옵션에 값이 없습니다. 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["list", "--status"], named: "--status",
                english: "report: missing value for '--status'; see 'report list --help'",
                korean: "report: '--status' 옵션에 값이 없습니다. 사용법은 'report list --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "1001", "--json=3"], named: "--json",
                english: "report: '--json' takes no value, but '3' was given; see 'report fetch --help'",
                korean: "report: '--json' 옵션은 값을 받지 않습니다: '3'. 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["list", "extra"], named: "extra",
                english: "report: unexpected argument 'extra'; see 'report list --help'",
                korean: "report: 이 명령이 받지 않는 인수입니다: 'extra'. 사용법은 'report list --help'에서 볼 수 있습니다."),
        Mistake(["status", "extra"], named: "extra",
                english: "report: unexpected argument 'extra'; see 'report status --help'",
                korean: "report: 이 명령이 받지 않는 인수입니다: 'extra'. 사용법은 'report status --help'에서 볼 수 있습니다."),
        Mistake(["auth", "login", "extra"], named: "extra",
                english: "report: unexpected argument 'extra'; see 'report auth login --help'",
                korean: "report: 이 명령이 받지 않는 인수입니다: 'extra'. 사용법은 'report auth login --help'에서 볼 수 있습니다."),
        Mistake(["cache", "clear", "extra"], named: "extra",
                english: "report: unexpected argument 'extra'; see 'report cache clear --help'",
                korean: "report: 이 명령이 받지 않는 인수입니다: 'extra'. 사용법은 'report cache clear --help'에서 볼 수 있습니다."),
        Mistake(["config", "get"], named: "<name>",
                english: "report: missing argument <name>; see 'report config get --help'",
                korean: "report: 인수가 빠졌습니다: <name>. 사용법은 'report config get --help'에서 볼 수 있습니다."),
        Mistake(["fecth", "1001"], named: "fecth",
                english: "report: unknown command 'fecth'; did you mean 'fetch'? (see 'report --help')",
                korean: "report: 알 수 없는 명령입니다: 'fecth'. 혹시 'fetch'을(를) 입력하려고 하셨나요? 사용법은 'report --help'에서 볼 수 있습니다."),
        // Every mistake the parser can stumble on is named by report's own check, never by the
        // parser's English: arguments too many, a word that is no command of a group, short
        // options together, a value that begins with '-', an empty value, a missing argument.
        Mistake(["list", "a", "b", "c"], named: "a",
                english: "report: unexpected argument 'a'; see 'report list --help'",
                korean: "report: 이 명령이 받지 않는 인수입니다: 'a'. 사용법은 'report list --help'에서 볼 수 있습니다."),
        Mistake(["status", "a", "b"], named: "a",
                english: "report: unexpected argument 'a'; see 'report status --help'",
                korean: "report: 이 명령이 받지 않는 인수입니다: 'a'. 사용법은 'report status --help'에서 볼 수 있습니다."),
        Mistake(["auth", "logon"], named: "auth logon",
                english: "report: unknown command 'auth logon'; did you mean 'login'? (see 'report auth --help')",
                korean: "report: 알 수 없는 명령입니다: 'auth logon'. 혹시 'login'을(를) 입력하려고 하셨나요? 사용법은 'report auth --help'에서 볼 수 있습니다."),
        Mistake(["cache", "nope", "extra"], named: "cache nope",
                english: "report: unknown command 'cache nope'; see 'report cache --help'",
                korean: "report: 알 수 없는 명령입니다: 'cache nope'. 사용법은 'report cache --help'에서 볼 수 있습니다."),
        Mistake(["api", "-iX"], named: "-X",
                english: "report: missing value for '-X'; see 'report api --help'",
                korean: "report: '-X' 옵션에 값이 없습니다. 사용법은 'report api --help'에서 볼 수 있습니다."),
        Mistake(["api", "-iz", "/v1/me"], named: "-z",
                english: "report: unknown option '-z'; see 'report api --help'",
                korean: "report: 알 수 없는 옵션입니다: '-z'. 사용법은 'report api --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "1001", "-ofile"], named: "-ofile",
                english: "report: unknown option '-ofile'; see 'report fetch --help'",
                korean: "report: 알 수 없는 옵션입니다: '-ofile'. 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["list", "--limit", "-5"], named: "--limit",
                english: "report: missing value for '--limit'; see 'report list --help'",
                korean: "report: '--limit' 옵션에 값이 없습니다. 사용법은 'report list --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "1001", "--timeout="], named: "--timeout",
                english: "report: missing value for '--timeout'; see 'report fetch --help'",
                korean: "report: '--timeout' 옵션에 값이 없습니다. 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["hint"], named: "<section>",
                english: "report: missing argument <section>; see 'report hint --help'",
                korean: "report: 인수가 빠졌습니다: <section>. 사용법은 'report hint --help'에서 볼 수 있습니다."),
        Mistake(["hint", "nope"], named: "nope",
                english: "report: invalid value 'nope' for <section> (valid values: tips, character, aptitude, keywords, video); see 'report hint --help'",
                korean: "report: <section>에 쓸 수 없는 값입니다: 'nope'(쓸 수 있는 값: tips, character, aptitude, keywords, video). 사용법은 'report hint --help'에서 볼 수 있습니다."),
        Mistake(["status", "--retries", "x"], named: "x",
                english: "report: invalid value 'x' for '--retries'; see 'report status --help'",
                korean: "report: '--retries' 옵션에 쓸 수 없는 값입니다: 'x'. 사용법은 'report status --help'에서 볼 수 있습니다."),
        // A command's own check that reads a value: `--link`'s problem, said by the catalog.
        Mistake(["fetch", "--link", "nope"], named: "--link",
                english: "report: invalid --link: not an analysis link: expected iamground://analysisComplete?memIdx=…&termNo=…; see 'report fetch --help'",
                korean: "report: --link 값이 잘못되었습니다: 분석 완료 링크가 아닙니다. iamground://analysisComplete?memIdx=…&termNo=… 형식이어야 합니다. 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "--link", "iamground://analysisComplete?memIdx=42&termNo=x"], named: "termNo",
                english: "report: invalid --link: the link's termNo must be a positive number up to 4294967295; see 'report fetch --help'",
                korean: "report: --link 값이 잘못되었습니다: 링크의 termNo는 4294967295 이하의 양수여야 합니다. 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        // A command's own checks, in the catalog's words.
        Mistake(["compare", "1001"], named: "1",
                english: "report: give exactly two terms to compare, not 1; see 'report compare --help'",
                korean: "report: 비교할 면접 번호는 정확히 2개여야 합니다(받은 면접 번호: 1개). 사용법은 'report compare --help'에서 볼 수 있습니다."),
        Mistake(["list", "--limit", "0"], named: "--limit",
                english: "report: --limit must be 1 or more; see 'report list --help'",
                korean: "report: --limit은 1 이상이어야 합니다. 사용법은 'report list --help'에서 볼 수 있습니다."),
        Mistake(["fetch"], named: "report fetch N",
                english: "report: give the interview: report fetch N (or --term N; several for a batch), --terms-from FILE or --link URL; see 'report fetch --help'",
                korean: "report: 가져올 면접을 지정하세요: report fetch N(또는 --term N, 면접 번호 여러 개도 한 번에), --terms-from FILE, --link URL. 사용법은 'report fetch --help'에서 볼 수 있습니다."),
        Mistake(["trend", "--since", "2026-02-01", "--until", "2026-01-01"], named: "2026-02-01",
                english: "report: --since 2026-02-01 is after --until 2026-01-01: no interview can be in between; see 'report trend --help'",
                korean: "report: --since(2026-02-01)가 --until(2026-01-01)보다 늦어서 그 사이에 들어갈 면접이 없습니다. 사용법은 'report trend --help'에서 볼 수 있습니다."),
        Mistake(["trend", "--since", "2026-13-01"], named: "2026-13-01",
                english: "report: invalid --since '2026-13-01': give a date as YYYY-MM-DD, e.g. 2026-01-01; see 'report trend --help'",
                korean: "report: --since 값이 올바르지 않습니다: '2026-13-01'. 날짜를 YYYY-MM-DD로 쓰세요(예: 2026-01-01). 사용법은 'report trend --help'에서 볼 수 있습니다."),
        Mistake(["fetch", "1001", "--offline", "--no-cache"], named: "--no-cache",
                english: "report: --offline reads only the cache and --no-cache never reads it: give one of them; see 'report fetch --help'",
                korean: "report: --offline은 캐시만 읽고 --no-cache는 캐시를 읽지 않습니다. 둘 중 하나만 쓰세요. 사용법은 'report fetch --help'에서 볼 수 있습니다."),
    ]

    @Test(arguments: mistakes)
    func eachMistakeIsOneLineThatNamesItInEitherLanguage(_ mistake: Mistake) async throws {
        for (language, expected) in [("en", mistake.english), ("ko", mistake.korean)] {
            let result = await reportInProcess(mistake.arguments + ["--lang", language])
            #expect(result.status == 64, "\(language): \(result.stderr)")
            #expect(result.stdout == "")
            #expect(result.stderr == expected + "\n", "\(language)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(result.stderr.contains("'\(mistake.named)'") || result.stderr.contains(mistake.named))
            for parserWording in [".;", "Please provide", "<term>", "Error:", "Did you mean"] {
                #expect(!result.stderr.contains(parserWording), "\(language): \(result.stderr)")
            }
        }
        // The locale says Korean too, where --lang does not.
        let korean = await reportInProcess(mistake.arguments, environment: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stderr == mistake.korean + "\n")
    }

    @Test(arguments: mistakes)
    func theJSONDocumentIsTheSameInEveryLanguage(_ mistake: Mistake) async throws {
        let english = await reportInProcess(mistake.arguments + ["--json"])
        let korean = await reportInProcess(mistake.arguments + ["--json"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(english.status == 64)
        #expect(korean.status == 64)
        #expect(korean.stderr == english.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(english.stderr.utf8)) as? [String: Any]
        let error = try #require(object?["error"] as? [String: Any])
        #expect(error["code"] as? String == "usage")
        #expect(error["exitCode"] as? Int == 64)
        let message = try #require(error["message"] as? String)
        let hint = try #require(error["hint"] as? String)
        #expect("report: \(message); \(hint)" == mistake.english)
    }

    @Test func aHelpWordThatIsNoTopicIsSaidInKorean() async {
        let result = await reportInProcess(["help", "nosuch"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("report: 도움말 주제나 명령이 아닙니다: 'nosuch'. 주제: "), "\(result.stderr)")
    }

    /// `--lang` before the command, and the language of config.toml, decide the language of the line too.
    @Test func theLanguageBeforeTheCommandSpeaksTheError() async {
        let result = await reportInProcess(["--lang", "ko", "fetch", "1001", "--sectoin", "tips"])
        #expect(result.stderr == "report: 알 수 없는 옵션입니다: '--sectoin'. 혹시 '--section'을(를) 입력하려고 하셨나요? 사용법은 'report fetch --help'에서 볼 수 있습니다.\n")
    }
    /// Every command, every way its arguments can go wrong as the parser sees them — an unknown
    /// option, each option without its value and with a value it does not read, two arguments
    /// too many, a required argument left out — is named by report's own check, in Korean, and
    /// never said as arguments that could not be read (nor in the parser's English).
    @Test func everyParserMistakeOfEveryCommandIsNamedByReportsOwnCheck() async throws {
        let root = try #require(CommandTable.root)
        var cases: [[String]] = []
        func walk(_ table: CommandTable, path: [String]) {
            if !table.subcommands.isEmpty {
                for sub in table.subcommands where sub.name != "help" { walk(sub, path: path + [sub.name]) }
                if !path.isEmpty { cases.append(path + ["no-such-command"]) }
                return
            }
            // The positional arguments a valid line needs, with values each reads.
            let required = table.positionals.filter { !$0.isOptional }.map { $0.choices.first ?? Self.sample($0.valueType) }
            let line = path + required
            cases.append(line + ["--zz-no-such-option"])
            if table.positionals.allSatisfy({ !$0.isRepeating }) { cases.append(line + ["extra-one", "extra-two"]) }
            if let first = table.positionals.first, !first.isOptional { cases.append(path) }
            for option in table.options where option.takesValue && option.names.first != "--generate-completion-script" {
                let name = option.names.first { $0.hasPrefix("--") } ?? option.names[0]
                cases.append(line + [name])
                if !option.choices.isEmpty || option.valueType.map({ !ArgumentTypes.reads($0, "x!x") }) == true {
                    cases.append(line + [name, "x!x"])
                }
            }
        }
        walk(root, path: [])
        #expect(cases.count > 100, "\(cases.count)")
        for arguments in cases {
            let result = await reportInProcess(arguments + ["--lang", "ko"])
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            #expect(EnglishInKorean.problems(in: result.stderr).isEmpty, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("인수를 읽을 수 없습니다"), "not named: \(arguments): \(result.stderr)")
        }
    }

    /// A value `type` reads, for a line that is valid but for the mistake under test.
    static func sample(_ type: Any.Type?) -> String {
        guard let type else { return "x" }
        return ["1001", "x", "1s"].first { ArgumentTypes.reads(type, $0) } ?? "x"
    }
}
