import Foundation
import Testing
import TestSupport

/// `report --version` names the build and libcurl; the shell completion scripts complete values
/// (section names, files, profiles read from config.toml at each ⇥). In-process: the same
/// ArgumentParser entry point as the binary's (scripts/test-install runs the installed binary's).
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
                      "done pending failed", "company personality competency", "auto always never"] {
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

    /// What `$XDG_CONFIG_HOME/report/config.toml` is for a test.
    enum ConfigSetup: Sendable, CustomStringConvertible {
        case none
        case file(String)
        case directory

        var description: String {
            switch self {
            case .none: "no config.toml"
            case .file(let text): "config.toml \(text.debugDescription)"
            case .directory: "config.toml a directory"
            }
        }
    }

    private static func configDirectory(_ config: ConfigSetup) throws -> URL {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("report-completion-\(UUID().uuidString)")
        let file = base.appendingPathComponent("report/config.toml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        switch config {
        case .none: break
        case .file(let text): try text.write(to: file, atomically: true, encoding: .utf8)
        case .directory: try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        }
        return base
    }

    /// What the shell's completion function runs at ⇥ after `report COMMAND… --profile PREFIX`:
    /// ArgumentParser's `---completion SUBCOMMAND… -- --profile WORD-INDEX CURSOR WORDS…`.
    private func completeProfile(_ command: [String], prefix: String, config: ConfigSetup) async throws -> RunResult {
        let home = try Self.configDirectory(config)
        defer { try? FileManager.default.removeItem(at: home) }
        let words = ["report"] + command + ["--profile", prefix]
        return await reportInProcess(["---completion"] + command + ["--", "--profile", String(words.count - 1), String(prefix.count)] + words,
                                     environment: ["XDG_CONFIG_HOME": home.path])
    }

    static let config = """
        default_profile = "staging"

        [profiles.staging]
        base_url = "https://staging.example.com"

        [profiles.prod]
        base_url = "https://reports.example.com"

        [profiles.ci-eu]
        base_url = 'https://eu.example.com'
        """

    @Test func profileCompletionListsTheProfilesOfConfigToml() async throws {
        let all = try await completeProfile(["fetch"], prefix: "", config: .file(Self.config))
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stderr.isEmpty)
        #expect(all.stdout.split(separator: "\n") == ["ci-eu", "default", "prod", "staging"])

        let some = try await completeProfile(["auth", "login"], prefix: "st", config: .file(Self.config))
        #expect(some.status == 0, "\(some.stderr)")
        #expect(some.stdout.split(separator: "\n") == ["staging"])
    }

    @Test func profileCompletionIsQuietWithoutAUsableConfig() async throws {
        // No file: the profile every setup has. A file with a mistake, or no file at all: the
        // same, and no error at ⇥ (the command itself names the file and line when it runs).
        let setups: [ConfigSetup] = [.none, .file("[profiles.staging]\ncolour = 'blue'\n"), .directory]
        for config in setups {
            let result = try await completeProfile(["list"], prefix: "", config: config)
            #expect(result.status == 0, "\(config): \(result.stderr)")
            #expect(result.stderr.isEmpty)
            #expect(result.stdout.split(separator: "\n") == ["default"])
        }
    }
}
