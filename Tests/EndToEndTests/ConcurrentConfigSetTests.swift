import Foundation
import Testing
import TestSupport

/// `report config set` from several processes at once: each reads, changes and writes config.toml
/// under the lock on `config.lock`, so every change is kept. The built `report`, since processes
/// at once are the point; the editing itself runs in-process (CLITests' ProfileConfigTests).
@Suite("config set from processes at once")
struct ConcurrentConfigSetTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-config-set-\(UUID().uuidString)")

    /// Eight at once, each adding a profile: each said it succeeded, but only one to seven of
    /// the tables were left (the last writer's read won). All eight are there now.
    @Test func eightSetsAtOnceAllSurvive() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let profiles = (1...8).map { "p\($0)" }
        let results = try await withThrowingTaskGroup(of: (String, RunResult).self) { group in
            for profile in profiles {
                group.addTask {
                    (profile, try await run(Paths.report, ["config", "set", "base_url", "http://127.0.0.1:\(8000 + profile.count)/\(profile)",
                                                           "--profile", profile],
                                            environment: ["XDG_CONFIG_HOME": home.path], timeLimit: .seconds(60)))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (profile, result) in results {
            #expect(result.status == 0, "\(profile): \(result.stderr)")
        }
        let text = try String(contentsOf: home.appendingPathComponent("report/config.toml"), encoding: .utf8)
        for profile in profiles {
            #expect(text.contains("[profiles.\(profile)]\nbase_url = \"http://127.0.0.1:\(8000 + profile.count)/\(profile)\""),
                    "\(profile) was lost:\n\(text)")
        }
        var status = stat()
        #expect(stat(home.appendingPathComponent("report/config.lock").path, &status) == 0 && status.st_mode & 0o777 == 0o600)
    }
}
