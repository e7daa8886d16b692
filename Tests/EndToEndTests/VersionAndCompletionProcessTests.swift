import Foundation
import Testing
import TestSupport

/// The completion of `--profile` at ⇥ (`report ---completion …`, which the shell's completion
/// function runs): the profiles of config.toml, and quiet without a usable one. A process of its
/// own each: what `---completion` prints depends on the shell ArgumentParser was last asked for,
/// a global of the process. The completion scripts and `--version` run in-process (CLITests'
/// VersionAndCompletionTests).
@Suite("report's completion of profiles, as processes")
struct VersionAndCompletionProcessTests {
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
        return try await run(Paths.report,
                             ["---completion"] + command + ["--", "--profile", String(words.count - 1), String(prefix.count)] + words,
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

    /// What the shell's completion function runs at ⇥ after `report COMMAND… PREFIX` (a term
    /// number, the command's first positional), with `SAP_SHELL` as the shell's script sets it.
    private func completeTerm(_ command: [String], prefix: String, shell: String,
                              environment: [String: String]) async throws -> RunResult {
        let words = ["report"] + command + [prefix]
        return try await run(Paths.report,
                             ["---completion"] + command + ["--", "positional@0", String(words.count - 1), String(prefix.count)] + words,
                             environment: environment.merging(["SAP_SHELL": shell]) { $1 })
    }

    @Test func termCompletionOffersTheInterviewsTheStoreKeepsWithNoRequest() async throws {
        let cache = CacheHome()
        let server = try ReferenceServer()
        var environment = ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42",
                           "XDG_CACHE_HOME": cache.url.path]
        // Nothing kept yet: nothing offered, and quietly.
        let none = try await completeTerm(["fetch"], prefix: "", shell: "bash", environment: environment)
        #expect(none.status == 0, "\(none.stderr)")
        #expect(none.stdout.isEmpty && none.stderr.isEmpty)

        let fetched = try await run(Paths.report, ["fetch", "1001", "1002", "1031", "--jsonl"], environment: environment)
        #expect(fetched.status == 0, "\(fetched.stderr)")
        // At ⇥ the service may be gone: completion reads the store only.
        server.stop()

        let bash = try await completeTerm(["fetch"], prefix: "10", shell: "bash", environment: environment)
        #expect(bash.status == 0, "\(bash.stderr)")
        #expect(bash.stdout.split(separator: "\n") == ["1031", "1002", "1001"], "newest first, numbers only for bash")

        let some = try await completeTerm(["compare"], prefix: "100", shell: "bash", environment: environment)
        #expect(some.stdout.split(separator: "\n") == ["1002", "1001"])

        // zsh and fish show each with its kind, company and date.
        let zsh = try await completeTerm(["watch"], prefix: "1001", shell: "zsh", environment: environment)
        #expect(zsh.stdout.split(separator: "\n").first == "1001:Company interview · 사람인 · 2026-11-02")
        let fish = try await completeTerm(["trend"], prefix: "1001", shell: "fish", environment: environment)
        #expect(fish.stdout.split(separator: "\n").first == "1001\tCompany interview · 사람인 · 2026-11-02")
        // In the member's language.
        environment["LANG"] = "ko_KR.UTF-8"
        let korean = try await completeTerm(["fetch"], prefix: "1001", shell: "fish", environment: environment)
        #expect(korean.stdout.split(separator: "\n").first?.hasPrefix("1001\t기업 면접 · 사람인") == true, "\(korean.stdout)")
    }
}
