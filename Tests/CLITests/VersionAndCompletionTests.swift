import Foundation
import Testing
import TestSupport

/// `report --version` names the build and libcurl; the shell completion scripts complete values
/// (section names, files, profiles read from config.toml at each ⇥). In-process: the same
/// ArgumentParser entry point as the binary's (scripts/test-install runs the installed binary's).
/// The completion of profiles at ⇥ is EndToEndTests' VersionAndCompletionProcessTests: ArgumentParser
/// keeps the shell a script was generated for in a global of the process, which the scripts
/// generated here would change under it.
@Suite("report --version and shell completions")
struct VersionAndCompletionTests {
    /// "report 0.1.0 (abc1234 2026-11-24) libcurl/7.88.1 OpenSSL/3.0.17 …", or "(development build)"
    /// for a binary not built by scripts/install, as the tests' is.
    static var versionLine: Regex<(Substring, Substring, Substring?, Substring?)> {
        /report \d+\.\d+\.\d+ \((development build|[0-9a-f]{7,}(\+dirty)? \d{4}-\d{2}-\d{2})\) libcurl\/\d+\.\d+\.\d+( \S+)*/
    }

    @Test func versionNamesTheBuildAndLibcurlOnOneLine() async throws {
        for arguments in [["--version"], ["fetch", "--version"]] {
            let result = await reportInProcess(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stderr.isEmpty)
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stdout)")
            let line = try #require(lines.first.map(String.init))
            #expect(line.wholeMatch(of: Self.versionLine) != nil, "\(line)")
            // The debug build of the tests has no build information compiled in.
            #expect(line.contains("(development build)"))
        }
    }

    /// The script with each shell's quoting of a word list taken away: bash's
    /// `'title'$'\n''tips'`, zsh's `('title' 'tips')` and fish's `'title tips'` all read `title tips`.
    private static func wordLists(_ script: String) -> String {
        script.replacingOccurrences(of: "'$'\\n''", with: " ").replacingOccurrences(of: "'", with: "")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsCompleteValuesAndAskReportForProfiles(shell: String) async throws {
        let result = await reportInProcess(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        let lists = Self.wordLists(result.stdout)
        // `--section` (every section), `hint`'s argument (those with hints), `--status`, `--kind`,
        // `--color`: the words themselves, not only the help text that names them.
        for words in ["title tips character aptitude keywords video", "tips character aptitude keywords video",
                      "done ready pending failed", "company personality competency", "auto always never"] {
            #expect(lists.contains(words), "\(shell): no list '\(words)'")
        }
        // --profile calls back into report, under each command that takes it.
        for command in ["fetch", "list", "hint", "status", "check", "auth login", "auth status", "api", "config list",
                        "config set", "compare", "trend"] {
            #expect(result.stdout.contains("---completion \(command) -- --profile"), "\(shell): \(command)")
        }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func fileOptionsCompleteFileNames(shell: String) async throws {
        let script = await reportInProcess(["--generate-completion-script", shell]).stdout
        let lines = script.split(separator: "\n")
        for option in ["terms-from", "cacert", "output", "junit", "input"] {
            switch shell {
            case "bash":
                // The option's case arm adds file names (compgen -f), not words.
                let arm = try #require(script.range(of: "'--\(option)')"), "no case for --\(option)")
                #expect(script[arm.upperBound...].prefix(80).contains("__report_add_completions -f"), "--\(option)")
            case "zsh":
                let specs = lines.filter { $0.contains("--\(option)[") || $0.contains("--\(option)}") }
                #expect(!specs.isEmpty && specs.allSatisfy { $0.hasSuffix(":_files'") }, "--\(option): \(specs)")
            default:
                let specs = lines.filter { $0.contains("-l '\(option)'") }
                #expect(!specs.isEmpty && specs.allSatisfy { $0.hasSuffix(" -rF") }, "--\(option): \(specs)")
            }
        }
    }

    /// `report completion SHELL` is the script, in any case of the name; ArgumentParser's hidden
    /// `--generate-completion-script SHELL` (older installs, scripts) prints the same script.
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionCommandPrintsTheScriptOfTheShell(shell: String) async throws {
        let script = await reportInProcess(["completion", shell])
        #expect(script.status == 0, "\(script.stderr)")
        #expect(script.stderr.isEmpty)
        #expect(script.stdout.hasSuffix("\n"))
        let upper = await reportInProcess(["completion", shell.uppercased()])
        #expect(upper.stdout == script.stdout)
        for flag in [["--generate-completion-script", shell], ["--generate-completion-script=\(shell)"]] {
            let old = await reportInProcess(flag)
            #expect(old.status == 0, "\(flag): \(old.stderr)")
            #expect(old.stdout == script.stdout, "\(flag) prints what report completion \(shell) prints")
        }
        // Without a shell, the login shell's, as ArgumentParser's flag did.
        let detected = await reportInProcess(["--generate-completion-script"], environment: ["SHELL": "/usr/bin/\(shell)"])
        #expect(detected.status == 0, "\(detected.stderr)")
        #expect(detected.stdout == script.stdout)
    }

    /// The dump man pages are made from is ArgumentParser's, in English the library's own bytes:
    /// no super-command name leaks into it from the parse (which leaves the completion check out).
    @Test func theEnglishHelpDumpIsArgumentParsers() async throws {
        let dump = await reportInProcess(["--experimental-dump-help"], environment: ["LANG": "C"])
        #expect(dump.status == 0, "\(dump.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let command = try #require(root["command"] as? [String: Any])
        #expect(command["commandName"] as? String == "report")
        #expect(command["superCommands"] == nil, "\(command["superCommands"] ?? "")")
        let fetch = try #require((command["subcommands"] as? [[String: Any]])?.first { $0["commandName"] as? String == "fetch" })
        #expect(fetch["superCommands"] as? [String] == ["report"])
    }

    /// bash takes no word of report's as a path (`-o filenames` for the command made `report con⇥`
    /// in a folder holding config/ `report config/`): file names only for a value that is a file.
    @Test func bashTakesFileNamesOnlyForFiles() async throws {
        let script = await reportInProcess(["completion", "bash"]).stdout
        let registrations = script.split(separator: "\n").filter { $0.hasPrefix("complete ") }
        #expect(registrations == ["complete -F _report report"])
        #expect(script.contains("[[ \"${1}\" = -[fd] ]] && compopt -o filenames"))
    }

    /// `report help ⇥` offers the topics and the commands; `report help auth ⇥` auth's subcommands.
    @Test(arguments: ["bash", "zsh", "fish"])
    func helpCompletesTopicsAndCommands(shell: String) async throws {
        let script = await reportInProcess(["completion", shell]).stdout
        let top = ["exit-codes", "environment", "config", "fetch", "list", "auth", "completion"]
        switch shell {
        case "bash":
            let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("    '') choices=") })
            #expect(top.allSatisfy { line.contains(" \($0)") || line.contains("'\($0)") }, "\(line)")
            // `config` is the topic and a command: offered once.
            #expect(line.split(separator: " ").filter { $0.contains("config") }.count == 1, "\(line)")
            #expect(script.contains("    'auth') choices='login status logout token list switch' ;;"))
        case "zsh":
            let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("    '') choices=(") })
            #expect(top.allSatisfy { line.contains("'\($0):") }, "\(line)")
            #expect(script.contains("    'auth') choices=('login:"))
        default:
            for word in top {
                #expect(script.contains("complete -c 'report' -n '__report_help_after \\'\\'' -fa '\(word)'"), "\(word)")
            }
            #expect(script.contains("complete -c 'report' -n '__report_help_after \\'auth\\'' -fa 'login'"))
        }
    }

    /// A shell report has no script for: one line, exit 64, naming the shells.
    @Test func anUnknownShellIsAUsageError() async {
        let result = await reportInProcess(["completion", "tcsh"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "report: invalid value 'tcsh' for <shell> (valid values: bash, zsh, fish); see 'report completion --help'\n")
        let korean = await reportInProcess(["completion", "tcsh", "--lang", "ko"])
        #expect(korean.status == 64)
        #expect(korean.stderr.split(separator: "\n").count == 1)
        #expect(korean.stderr.contains("쓸 수 있는 값: bash, zsh, fish"), "\(korean.stderr)")
    }

    /// `report --help` lists the command; its page says how to install the script in each shell.
    @Test func completionHasAHelpPage() async {
        let root = await reportInProcess(["--help"])
        #expect(root.stdout.contains("  completion "), "\(root.stdout)")
        let page = await reportInProcess(["completion", "--help"])
        #expect(page.status == 0)
        for text in ["USAGE: report completion [<options>] <shell>", "source <(report completion bash)", "fpath=(~/.zfunc $fpath)",
                     "~/.config/fish/completions/report.fish", "EXAMPLES:", "  report completion zsh > ~/.zfunc/_report"] {
            #expect(page.stdout.contains(text), "no \(text) in \(page.stdout)")
        }
    }
}
