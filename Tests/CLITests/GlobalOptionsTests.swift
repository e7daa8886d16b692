@testable import CLI
import Foundation
import Testing
import TestSupport

/// The options every command shares go before the command as after it (`report --base-url URL
/// list`, as git and gh users write them), the one after the command winning when both are given;
/// help lists them once, under their own heading.
@Suite("Global options before or after the command")
struct GlobalOptionsTests {
    /// A global option and a value for it that a `list` against the demo server accepts.
    struct Case: Sendable, CustomTestStringConvertible {
        let words: [String]
        var testDescription: String { words.joined(separator: " ") }
    }

    /// A readable file for `--cacert` (plain http:// never reads it).
    static let caFile: String = {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("report-global-ca-\(UUID().uuidString).pem")
        _ = FileManager.default.createFile(atPath: file.path, contents: Data("not used over http\n".utf8))
        return file.path
    }()

    static let cases: [Case] = [
        Case(words: ["--base-url", ReferenceServer.demo.baseURL]),
        Case(words: ["--base-url=\(ReferenceServer.demo.baseURL)"]),
        Case(words: ["--profile", "default"]),
        Case(words: ["--lang", "ko"]),
        Case(words: ["--verbose"]),
        Case(words: ["--timeout", "30s"]),
        Case(words: ["--max-time", "2m"]),
        Case(words: ["--retries", "0"]),
        Case(words: ["--cacert", caFile]),
        Case(words: ["--color", "always"]),
        Case(words: ["--no-pager"]),
        Case(words: ["--connect-timeout", "5s"]),
        Case(words: ["--stall-timeout", "5s"]),
        Case(words: ["--allow-insecure-http"]),
    ]

    static let environment = ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42"]

    /// Before the command or after it, the same bytes: the document, the status and (but for
    /// --verbose's timings) stderr.
    @Test(arguments: cases)
    func beforeTheCommandIsTheSameAsAfterIt(_ test: Case) async throws {
        let before = await reportInProcess(test.words + ["list", "--json", "--limit", "3"], environment: Self.environment)
        let after = await reportInProcess(["list"] + test.words + ["--json", "--limit", "3"], environment: Self.environment)
        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.status == after.status)
        #expect(!before.stdout.isEmpty)
        #expect(before.stdout == after.stdout)
        if test.words != ["--verbose"] {
            #expect(before.stderr == after.stderr)
        } else {
            #expect(before.stderr.contains("→ GET ") && after.stderr.contains("→ GET "), "\(before.stderr)")
        }
    }

    /// A text for a person follows them too: `report --lang ko --color never list` is Korean.
    @Test func theLanguageBeforeTheCommandChangesTheText() async throws {
        let before = await reportInProcess(["--lang", "ko", "--color", "never", "list", "--limit", "2"], environment: Self.environment,
                                           columns: 100)
        let after = await reportInProcess(["list", "--limit", "2", "--lang", "ko", "--color", "never"], environment: Self.environment,
                                          columns: 100)
        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.stdout.contains("면접 번호"), "\(before.stdout)")
        #expect(before.stdout == after.stdout)
    }

    /// Given before and after the command, the one after wins, as the last of a repeated option does.
    @Test func givenTwiceTheOneAfterTheCommandWins() async throws {
        let english = await reportInProcess(["--lang", "ko", "config", "get", "language", "--lang", "en"])
        #expect(english.stdout == "en\n", "\(english.stderr)")
        let working = await reportInProcess(["--base-url", "http://127.0.0.1:9", "list", "--json", "--limit", "1",
                                             "--base-url", ReferenceServer.demo.baseURL], environment: ["REPORT_TOKEN": "demo-access-42"])
        #expect(working.status == 0, "\(working.stderr)")
        let refused = await reportInProcess(["--base-url", ReferenceServer.demo.baseURL, "list", "--json", "--limit", "1",
                                             "--base-url", "http://127.0.0.1:9", "--retries", "0"],
                                            environment: ["REPORT_TOKEN": "demo-access-42"])
        #expect(refused.status == 68, "\(refused.stderr)")
    }

    /// Between a command and its subcommand too (`report auth --lang ko status`), and for a
    /// subcommand's path (`report --lang ko config get language`).
    @Test func beforeASubcommandToo() async throws {
        for arguments in [["--lang", "ko", "config", "get", "language"], ["config", "--lang", "ko", "get", "language"],
                          ["config", "get", "--lang", "ko", "language"]] {
            let result = await reportInProcess(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout == "ko\n", "\(arguments)")
        }
    }

    /// A command they make no difference to accepts and ignores them, before it as after it, as
    /// kubectl's and git's global options are: an alias such as `alias r='report --profile work
    /// --no-pager'` works for every command. A bad value is still refused.
    @Test func aCommandTheyDoNotConcernAcceptsThem() async throws {
        let cache = ["XDG_CACHE_HOME": FileManager.default.temporaryDirectory.appendingPathComponent("report-global-\(UUID().uuidString)").path]
        let before = await reportInProcess(["--color", "never", "--base-url", ":9", "cache", "info", "--json"], environment: cache)
        let after = await reportInProcess(["cache", "info", "--json", "--color", "never", "--base-url", ":9"], environment: cache)
        let plain = await reportInProcess(["cache", "info", "--json"], environment: cache)
        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.stdout == plain.stdout, "\(before.stdout)\n\(plain.stdout)")
        #expect(after.stdout == plain.stdout, "\(after.stdout)\n\(plain.stdout)")
        let bad = await reportInProcess(["--color", "sometimes", "cache", "info"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("report: invalid value 'sometimes' for '--color' (valid values: auto, always, never)"), "\(bad.stderr)")
    }

    /// Only global options, no command: the root's page, in the language asked for.
    @Test func onlyGlobalOptionsShowTheRootPage() async throws {
        let result = await reportInProcess(["--lang", "ko", "--no-pager"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("공통 옵션"), "\(result.stdout)")
        #expect(result.stdout == (await reportInProcess(["--help", "--lang", "ko"])).stdout)
        let bad = await reportInProcess(["--retries", "many"])
        #expect(bad.status == 64, "\(bad.stdout)")
    }

    /// Each page lists each option once: a command's own options, then the global ones under
    /// their own heading (the connection options among them); `report --help` lists them too.
    @Test(arguments: [["list"], ["fetch"], ["auth", "status"], ["config", "list"], []])
    func helpListsThemOnceUnderTheirOwnHeading(_ command: [String]) async throws {
        for (language, heading) in [("en", "GLOBAL OPTIONS:"), ("ko", "공통 옵션:")] {
            let result = await reportInProcess(command + ["--help", "--lang", language])
            #expect(result.status == 0)
            let lines = result.stdoutLines
            let headingIndex = try #require(lines.firstIndex(of: heading), "\(command) \(language): \(result.stdout)")
            #expect(!lines.contains("CONNECTION OPTIONS:") && !lines.contains("연결 옵션:"))
            for option in ["--lang", "--profile", "--base-url"] {
                let rows = lines.indices.filter { lines[$0].hasPrefix("  \(option) ") || lines[$0] == "  \(option)" }
                #expect(rows.count == 1, "\(command) \(language): \(option) on \(rows.count) rows")
                #expect(rows.allSatisfy { $0 > headingIndex }, "\(command) \(language): \(option) before the heading")
            }
        }
    }

    /// The list of global options is the options that are the same for every command: those of
    /// `ConnectionOptions`, `--color` and `--no-pager`, as the commands define them.
    @Test func theListIsTheSharedOptions() throws {
        let fetch = try #require(CommandDump.root?.command(at: ["fetch"]))
        let shared = Set((fetch.arguments ?? []).flatMap(\.spelledNames).filter { GlobalOptions.names[$0] != nil })
        #expect(shared == Set(GlobalOptions.names.keys))
        #expect(GlobalOptions.movedAfterCommand(["--lang", "ko", "auth", "--profile", "p", "status", "--json"],
                                                subcommands: GlobalOptions.subcommands)
                == ["auth", "status", "--lang", "ko", "--profile", "p", "--json"])
        // A value that looks like a command stays the option's; `--` ends the options.
        #expect(GlobalOptions.movedAfterCommand(["--profile", "list", "list"], subcommands: GlobalOptions.subcommands)
                == ["list", "--profile", "list"])
        #expect(GlobalOptions.movedAfterCommand(["help", "--lang", "ko"], subcommands: GlobalOptions.subcommands)
                == ["help", "--lang", "ko"])
    }
}
