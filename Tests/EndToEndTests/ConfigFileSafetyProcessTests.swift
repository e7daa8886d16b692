import Foundation
import Testing
import TestSupport

/// A FIFO in place of `config.toml` is refused at once (exit 78), not read: nothing ever writes to
/// it, so a reader would wait for ever — the built `report` with a time limit. The rest of the
/// config file's safety runs in-process (CLITests' ConfigFileSafetyTests).
@Suite("config.toml that is a FIFO")
struct ConfigFileSafetyProcessTests {
    /// A configuration home of the test's own; `report/config.toml` in it is `configFile`.
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-config-\(UUID().uuidString)")
    var configFile: URL { home.appendingPathComponent("report/config.toml") }

    init() throws {
        try FileManager.default.createDirectory(at: configFile.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    /// `report list` with this configuration home; nothing listens at the base URL, and nothing
    /// should be asked of it. The time limit only tells "waits for a writer for ever" from "ends",
    /// not how fast: a debug `report` on two cores the suites beside it keep busy can take many
    /// seconds to reach its first line.
    private func list() async throws -> RunResult {
        try await run(Paths.report, ["list"], environment: ["XDG_CONFIG_HOME": home.path, "REPORT_TOKEN": "at-test"],
                      timeLimit: .seconds(60))
    }

    @Test func aFIFOInPlaceOfTheFileIsRefusedAtOnce() async throws {
        let path = configFile.path
        #expect(mkfifo(path, 0o600) == 0)
        // Nothing ever writes to the FIFO: a reader would wait for ever.
        let result = try await list()
        #expect(!result.timedOut, "report waited for a writer of the FIFO")
        #expect(result.status == 78)
        #expect(result.stdout == "")
        #expect(result.stderrLines == ["report: \(path): is a FIFO, not a regular file; make it a text file or remove it; `report help config` describes the file"])
    }
}
