@testable import CLI
import Foundation
import Presentation
import Terminal
import Testing
import TestSupport

/// The help pages a person reads: in their language, the command's own options before the
/// connection options, examples last, as wide as the terminal, the topics listed.
@Suite("Help pages")
struct HelpPageTests {
    /// Every command path: `["fetch"]`, `["auth", "login"]`, …
    static let paths: [[String]] = {
        var paths: [[String]] = [[]]
        func walk(_ command: CommandDump.Command, _ path: [String]) {
            for sub in command.visibleSubcommands {
                paths.append(path + [sub.commandName])
                walk(sub, path + [sub.commandName])
            }
        }
        if let root = CommandDump.root { walk(root, []) }
        return paths
    }()

    static let koreanEnvironment = ["LANG": "ko_KR.UTF-8"]

    @Test func everyCommandHasAPage() {
        #expect(Self.paths.count >= 20, "\(Self.paths)")
    }

    /// USAGE, the command's own options, and CONNECTION OPTIONS after every other option list
    /// (`report fetch --help` once listed the ten connection flags before `--term`).
    @Test(arguments: paths)
    func theConnectionOptionsComeLast(_ path: [String]) async {
        let page = await reportInProcess(path + ["--help"])
        #expect(page.status == 0)
        let lines = page.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headings = lines.filter { $0.hasSuffix(":") && !$0.hasPrefix(" ") && $0 == $0.uppercased() }
        if let connection = headings.firstIndex(of: "CONNECTION OPTIONS:") {
            #expect(headings.suffix(from: connection + 1).allSatisfy { $0 == "EXAMPLES:" }, "\(path): \(headings)")
            if let own = headings.firstIndex(of: "OPTIONS:") { #expect(own < connection) }
        }
        let usage = lines.firstIndex { $0.hasPrefix("USAGE: report") }
        #expect(usage != nil, "\(path)")
        let firstOptions = lines.firstIndex { $0.hasSuffix("OPTIONS:") }
        if let usage, let firstOptions { #expect(usage < firstOptions, "\(path)") }
        if let examples = lines.firstIndex(of: "EXAMPLES:"), let firstOptions {
            #expect(firstOptions < examples, "\(path): examples after the options")
        }
    }

    @Test func fetchsOwnOptionsComeFirst() async {
        let page = await reportInProcess(["fetch", "--help"]).stdout
        let term = page.firstRange(of: "  --term <number>")
        let baseURL = page.firstRange(of: "  --base-url <url>")
        #expect(term != nil && baseURL != nil)
        if let term, let baseURL { #expect(term.lowerBound < baseURL.lowerBound) }
    }

    /// `report help` and `report --help` list the topics, and each topic is there.
    @Test func theRootPageListsTheHelpTopics() async {
        for arguments in [["help"], ["--help"], []] {
            let page = await reportInProcess(arguments)
            #expect(page.status == 0)
            #expect(page.stdout.contains("HELP TOPICS:"), "\(arguments)")
            for topic in HelpTopic.allCases {
                #expect(page.stdout.contains("\n  \(topic.rawValue)"), "\(arguments): \(topic)")
                #expect(await reportInProcess(["help", topic.rawValue]).status == 0)
            }
        }
    }

    @Test func helpNamesACommandsPath() async {
        let login = await reportInProcess(["help", "auth", "login"])
        #expect(login.status == 0)
        #expect(login.stdout.contains("USAGE: report auth login"))
        let wrong = await reportInProcess(["help", "auth", "nosuch"])
        #expect(wrong.status == 64)
        #expect(wrong.stdout == "")
        #expect(wrong.stderr.hasPrefix("report: no help topic or command 'nosuch'"), "\(wrong.stderr)")
    }

    /// Every word a Korean member reads on a help page is Korean but for names, flags, values and
    /// examples: under `LANG=ko_KR.UTF-8`, `--lang ko` and `report help`.
    @Test(arguments: paths)
    func inKoreanNoEnglishSentenceIsLeft(_ path: [String]) async throws {
        let root = try #require(CommandDump.root)
        let english = HelpText.units(of: root).filter { $0.count > 12 }
        // `report help config` is the topic; the command's page is `report config --help`.
        let runs = path == ["config"] ? [path + ["--help"], ["--lang", "ko"] + path + ["--help"]] : [path + ["--help"], ["--lang", "ko", "help"] + path]
        for run in runs {
            let page = await reportInProcess(run, environment: run.contains("--lang") ? [:] : Self.koreanEnvironment, columns: 1000)
            #expect(page.status == 0)
            let text = page.stdout
            for unit in english { #expect(!text.contains(unit), "\(run): still English: \(unit)") }
            for heading in ["USAGE:", "OPTIONS:", "ARGUMENTS:", "SUBCOMMANDS:", "EXAMPLES:", "HELP TOPICS:", "default:", "Show help"] {
                #expect(!text.contains(heading), "\(run): \(heading)")
            }
            #expect(text.contains("사용법: report"))
        }
    }

    /// `report help privacy` (report.1's PRIVACY) says, in either language, that report sends no
    /// telemetry and contacts only the service it is pointed at.
    @Test func thePrivacyTopicSaysNoTelemetry() async {
        let english = await reportInProcess(["help", "privacy"], columns: 1000)
        #expect(english.status == 0)
        #expect(english.stdout.hasPrefix("PRIVACY\n"))
        #expect(english.stdout.contains("report sends no telemetry"))
        #expect(english.stdout.contains("It contacts nothing but the service it is pointed at"))
        let korean = await reportInProcess(["--lang", "ko", "help", "privacy"], columns: 1000)
        #expect(korean.status == 0)
        #expect(korean.stdout.contains("원격 측정(telemetry) 데이터를 보내지 않습니다"))
        #expect(korean.stdout.contains("연결하는 곳은 지정한 서비스"))
    }

    @Test func koreanTopicsAreKorean() async {
        for topic in HelpTopic.allCases {
            let page = await reportInProcess(["help", topic.rawValue], environment: Self.koreanEnvironment)
            #expect(page.status == 0)
            #expect(page.stdout.hasPrefix(["종료 코드", "환경 변수", "설정", "개인 정보"][HelpTopic.allCases.firstIndex(of: topic)!]), "\(topic)")
            #expect(page.stdout != HelpTopic(rawValue: topic.rawValue)!.text)
        }
        #expect(ExitStatus.allCases.allSatisfy { $0.koreanMeaning != $0.meaning })
    }

    /// Every Korean help text — each unit of KoreanHelp, the topics, the exit codes' meanings —
    /// follows the style of docs/LOCALIZATION.md (`KoreanStyle`, as the catalog's messages do).
    @Test func koreanHelpFollowsTheStyleGuide() {
        let texts = KoreanHelp.texts.values.sorted() + HelpTopic.allCases.map(\.koreanText) + ExitStatus.allCases.map(\.koreanMeaning)
        for text in texts {
            for problem in KoreanStyle.problems(in: text) { Issue.record("\(problem)\n  \(text)") }
        }
    }

    /// A whole Korean page — headings, the usage line's placeholders, defaults and values after
    /// each option — follows the guide too.
    @Test(arguments: paths)
    func aKoreanPageFollowsTheStyleGuide(_ path: [String]) async {
        let page = await reportInProcess(["--lang", "ko", "help"] + path, environment: [:], columns: 1000)
        #expect(page.status == 0)
        for problem in KoreanStyle.problems(in: page.stdout) { Issue.record("\(path): \(problem)") }
        // The usage line's placeholders are Korean, as its options' are (`[<옵션>]`).
        #expect(!page.stdout.contains("<term>"), "\(path): \(page.stdout.prefix(200))")
    }

    /// The catalog of help texts cannot fall behind: every unit of every page has its Korean form,
    /// and no Korean form is kept for a text no page has any more.
    @Test func everyHelpTextHasItsKoreanForm() throws {
        let root = try #require(CommandDump.root)
        let units = HelpText.units(of: root)
        #expect(units.count > 100)
        for unit in units {
            let korean = KoreanHelp.texts[unit]
            #expect(korean != nil && korean != "" && korean != unit, "no Korean form for: \(unit)")
        }
        let stale = Set(KoreanHelp.texts.keys).subtracting(units)
        #expect(stale.isEmpty, "Korean forms of texts no page has: \(stale)")
    }

    /// A page is as wide as the terminal: at 40 and 80 columns no line but an example (a command
    /// to copy whole) is wider, Korean characters counted as two columns.
    @Test(arguments: [40, 80, 120])
    func pagesFitTheTerminal(_ columns: Int) async {
        for path in Self.paths {
            for environment in [[:], Self.koreanEnvironment] {
                let page = await reportInProcess(path + ["--help"], environment: environment, columns: columns)
                for line in page.stdout.split(separator: "\n") where TextLayout.width(of: line) > min(columns, 100) {
                    let word = line.trimmingCharacters(in: .whitespaces)
                    let example = line.hasPrefix("  report ") || line.hasPrefix("  seq ") || line.hasPrefix("  curl ")
                    // A single word longer than the line (an app link) is not breakable either.
                    #expect(example || !word.contains(" "), "\(path) at \(columns): \(line)")
                }
            }
        }
    }

    /// A pipe gets 80 columns, whatever the terminal.
    @Test func aPipeGetsEightyColumns() async {
        let page = await reportInProcess(["fetch", "--help"])
        let widths = page.stdout.split(separator: "\n").filter { !$0.hasPrefix("  report") && !$0.hasPrefix("  seq") }.map { TextLayout.width(of: $0) }
        #expect(widths.max() ?? 0 <= 80)
        #expect(widths.max() ?? 0 >= 70)
    }

    @Test func aHelpPageThatCannotBeWrittenIsAnError() async {
        let page = await reportInProcess(["fetch", "--help"], outputFailure: ENOSPC)
        #expect(page.status == 74)
        #expect(page.stderr.split(separator: "\n").count == 1)
    }
}
