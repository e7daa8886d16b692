import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Synchronization
@testable import ReportServer
import TestSupport

/// Runs `body` against the real application on a loopback port (HummingbirdTesting's `.live`).
func withServer(
    _ configuration: ServerConfiguration = .demo(),
    _ body: @escaping @Sendable (APIClient) async throws -> Void
) async throws {
    let application = try await buildApplication(configuration: configuration)
    let bodyFinished = Atomic<Bool>(false)
    do {
        try await application.test(.live) { client in
            try await body(APIClient(client: client))
            bodyFinished.store(true, ordering: .releasing)
        }
    } catch ChannelError.ioOnClosedChannel where bodyFinished.load(ordering: .acquiring) {
        // The body ran to its end, every expectation checked. A body that does not use the
        // harness's client (a raw socket's test) leaves its connection idle, and on a loaded
        // machine the server's header timeout (10 s) closes it before the harness does.
    }
}

extension ServerConfiguration {
    /// The demo data (or another directory) on a free port, changed by `change`. A connection
    /// waits 10 minutes for a request's head and between requests, not 10 and 30 s: a test the
    /// suites beside it starve can take longer than that between two requests of the harness's
    /// client, whose connection the server would close under it (`ConnectionLimitTests` set
    /// their own).
    static func demo(
        data dataDirectory: URL = Paths.demoData,
        _ change: (inout ServerConfiguration) -> Void = { _ in }
    ) -> ServerConfiguration {
        var configuration = ServerConfiguration(dataDirectory: dataDirectory)
        configuration.port = 0
        configuration.limits.headerTimeout = .seconds(600)
        configuration.limits.idleTimeout = .seconds(600)
        change(&configuration)
        return configuration
    }
}

/// A copy of the demo data in a fresh temporary directory, for tests that change files.
func withDemoDataCopy(_ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("report-server-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.copyItem(at: Paths.demoData, to: directory)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
}

/// The requests a client of the API makes, with member 42's static token by default.
struct APIClient: Sendable {
    static let member42 = "demo-access-42"
    static let member7 = "demo-access-7"

    let client: any TestClientProtocol

    func get(_ path: String, token: String? = member42, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        if let token {
            headers[.authorization] = "Bearer \(token)"
        }
        return try await client.execute(uri: path, method: .get, headers: headers)
    }

    func post(_ path: String, body: String, headers: HTTPFields = [.contentType: "application/json"]) async throws -> TestResponse {
        try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// `POST /v1/auth/token` with a refresh token.
    func refresh(_ refreshToken: String) async throws -> TestResponse {
        try await post("/v1/auth/token", body: #"{"grantType": "refresh_token", "refreshToken": "\#(refreshToken)"}"#)
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    func decoded<Value: Decodable>(_ type: Value.Type = Value.self) throws -> Value {
        try JSONDecoder().decode(Value.self, from: Data(text.utf8))
    }

    /// `error.code` of the contract's error body, nil when the body is not one.
    var errorCode: String? { (try? decoded(WireError.self))?.error.code }

    var isJSON: Bool { headers[.contentType] == "application/json; charset=utf-8" }
}

// What a client decodes, written independently of the server's own types.

struct WireError: Decodable {
    struct Detail: Decodable {
        var code: String
        var message: String
    }

    var error: Detail
}

struct WireToken: Decodable {
    var accessToken: String
    var refreshToken: String
    var expiresIn: Int
    var tokenType: String
    var memIdx: Int
}

struct WireInterview: Decodable, Equatable {
    var termNo: Int
    var companyName: String
    var regDate: String
    var itemTypeCode: String
    var analysisStatus: String
}

struct WirePage: Decodable {
    var items: [WireInterview]
    var page: Int
    var size: Int
    var total: Int
}

struct WireStatus: Decodable, Equatable {
    var status: String
    var message: String?
    var until: String?
}
