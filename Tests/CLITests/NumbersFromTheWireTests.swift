import Foundation
import Testing
import TestSupport

/// Numbers read from the service or from a file are checked before any arithmetic: an extreme
/// value is a bad response (76) or a corrupt file (78), never an overflow trap (SIGILL).
@Suite("numbers from the wire and from files")
struct NumbersFromTheWireTests {
    static let interview = #"{"termNo": 1001, "companyName": "사람인", "occupationName": "백엔드", "careerName": "신입", "regDate": "2026-11-03T09:00:00+09:00", "itemTypeCode": "COMPANY", "programLevel": "BASIC", "analysisStatus": "DONE"}"#

    /// `list --page 2` against a page of size Int.max: page × size trapped.
    @Test(arguments: ["1", "2"])
    func aListPageWithAHugeSizeIsABadResponse(page: String) async throws {
        let size = "9223372036854775807"
        let server = try LoopbackServer(routes: [
            "/v1/interviews": LoopbackServer.json(200, #"{"items": [\#(Self.interview)], "page": \#(page), "size": \#(size), "total": 9223372036854775807}"#),
        ])
        defer { server.stop() }
        let result = await reportInProcess(["list", "--json", "--page", page], environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "at-test"])
        #expect(result.status == 76, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("page and size must be at most"), "\(result.stderr)")
    }

    /// A 0600 credentials file whose expiry is Int64.min: `auth status` and `fetch` trapped on
    /// the refresh margin's subtraction; now the file is refused as corrupt.
    @Test(arguments: [["auth", "status"], ["fetch", "1001"]])
    func aCredentialsExpiryOutOfRangeIsACorruptFile(command: [String]) async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("expiry-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let folder = home + "/config/report"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        chmod(home + "/config", 0o700)
        let text = #"{"version": 1, "profiles": {"default": {"baseURL": "http://127.0.0.1:9", "memIdx": 42, "accessToken": "at_x", "accessTokenExpiresAt": -9223372036854775808, "refreshToken": "rt_x"}}}"#
        #expect(FileManager.default.createFile(atPath: folder + "/credentials.json", contents: Data(text.utf8),
                                               attributes: [.posixPermissions: 0o600]))
        let result = await reportInProcess(command, environment: ["XDG_CONFIG_HOME": home + "/config",
                                                                  "REPORT_BASE_URL": "http://127.0.0.1:9"])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("expiry out of range"), "\(result.stderr)")
    }
}
