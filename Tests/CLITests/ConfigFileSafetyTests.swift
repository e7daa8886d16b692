import Foundation
import Testing
import TestSupport

/// A `config.toml` that is not a text file, or whose text would rewrite the terminal, is refused
/// at once with one printable line (exit 78). In-process; a FIFO, which a reader would wait on for
/// ever, is EndToEndTests' ConfigFileSafetyProcessTests (a process with a time limit).
@Suite("config.toml that is not a file, or not safe to echo")
struct ConfigFileSafetyTests {
    /// A configuration home of the test's own; `report/config.toml` in it is `configFile`.
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-config-\(UUID().uuidString)")
    var configFile: URL { home.appendingPathComponent("report/config.toml") }

    init() throws {
        try FileManager.default.createDirectory(at: configFile.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    /// `report list` with this configuration home; nothing listens at the base URL, and nothing
    /// should be asked of it.
    private func list() async throws -> RunResult {
        await reportInProcess(["list"], environment: ["XDG_CONFIG_HOME": home.path, "REPORT_TOKEN": "at-test"])
    }

    @Test func aDirectoryInPlaceOfTheFileIsRefused() async throws {
        try FileManager.default.createDirectory(at: configFile, withIntermediateDirectories: true)
        let result = try await list()
        #expect(result.status == 78)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("is a directory, not a regular file"))
        // An installed report has no README: the hint is its own help topic, in either language.
        #expect(result.stderr.hasSuffix("; `report help config` describes the file\n"), "\(result.stderr)")
        let korean = await reportInProcess(["list", "--lang", "ko"], environment: ["XDG_CONFIG_HOME": home.path, "REPORT_TOKEN": "at-test"])
        #expect(korean.stderr.hasSuffix(". 파일 형식은 `report help config`에서 볼 수 있습니다.\n"), "\(korean.stderr)")
        let json = await reportInProcess(["list", "--lang", "ko", "--json"], environment: ["XDG_CONFIG_HOME": home.path, "REPORT_TOKEN": "at-test"])
        #expect(json.stderr.contains(#""hint":"`report help config` describes the file""#), "\(json.stderr)")
    }

    @Test func theFilesOwnTextReachesTheTerminalWithoutControlCharactersAndShort() async throws {
        let long = String(repeating: "가", count: 4_000)
        try Data("[\"\\u001b]0;owned\\u0007\\u001b[2J\(long)\".x]\n".utf8).write(to: configFile)
        let result = try await list()
        #expect(result.status == 78)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("unknown table ["), "\(result.stderr.prefix(200))")
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F },
                "no escape or other control character reaches the terminal")
        #expect(result.stderr.count < 420, "about 300 characters and the hint, not the whole line: \(result.stderr.count)")
    }

    /// Another user's config.toml, or one others may change, decides where the token goes: its
    /// base_url sent `Authorization: Bearer …` to that user's server. Refused, nothing asked.
    enum Foreign: String, CaseIterable, Sendable {
        case fileOfAnotherUser, fileWritableByOthers, fileWritableByGroup, folderWritableByOthers, folderOfAnotherUser
    }

    @Test(arguments: Foreign.allCases)
    func aConfigFileAnotherUserControlsIsRefusedAndNoTokenIsSent(_ foreign: Foreign) async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try LoopbackServer(routes: [:])
        defer { server.stop() }
        let text = "default_profile = \"theirs\"\n[profiles.theirs]\nbase_url = \"\(server.baseURL)\"\n"
        #expect(FileManager.default.createFile(atPath: configFile.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o644]))
        let folder = configFile.deletingLastPathComponent().path
        switch foreign {
        case .fileOfAnotherUser: #expect(chown(configFile.path, 65534, 65534) == 0)
        case .fileWritableByOthers: chmod(configFile.path, 0o666)
        case .fileWritableByGroup: chmod(configFile.path, 0o664)
        case .folderWritableByOthers: chmod(folder, 0o777)
        case .folderOfAnotherUser: #expect(chown(folder, 65534, 65534) == 0)
        }
        let result = await reportInProcess(["fetch", "1001"], environment: ["XDG_CONFIG_HOME": home.path, "REPORT_TOKEN": "at-secret"])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(server.requests.isEmpty, "the token went to \(server.baseURL)")
        switch foreign {
        case .fileOfAnotherUser: #expect(result.stderr.contains("\(configFile.path): belongs to another user (uid 65534)"))
        case .fileWritableByOthers, .fileWritableByGroup: #expect(result.stderr.contains("run: chmod go-w '\(configFile.path)'"), "\(result.stderr)")
        case .folderWritableByOthers: #expect(result.stderr.contains("run: chmod go-w '\(folder)'"), "\(result.stderr)")
        case .folderOfAnotherUser: #expect(result.stderr.contains("which belongs to another user (uid 65534)"), "\(result.stderr)")
        }
    }

    /// The file of this user's own, readable by others (it holds no secret), is obeyed.
    @Test func aConfigFileOfTheUsersOwnReadableByOthersIsObeyed() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let text = "[profiles.default]\nbase_url = \"\(ReferenceServer.demo.baseURL)\"\n"
        #expect(FileManager.default.createFile(atPath: configFile.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o644]))
        let result = await reportInProcess(["fetch", "1001", "--json"], environment: ["XDG_CONFIG_HOME": home.path, "REPORT_TOKEN": "demo-access-42"])
        #expect(result.status == 0, "\(result.stderr)")
    }
}
