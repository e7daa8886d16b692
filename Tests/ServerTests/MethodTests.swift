import Foundation
import Hummingbird
import HummingbirdTesting
@testable import ReportServer
import Testing

/// The contract's paths with the methods it does not declare answer 405 with `Allow` (not 404:
/// the path exists), and HEAD answers wherever GET does, as schemathesis checks.
@Suite struct MethodTests {
    @Test(arguments: [("TRACE", "/v1/me", "GET, HEAD"), ("DELETE", "/v1/interviews/1001", "GET, HEAD"),
                      ("PUT", "/v1/auth/token", "POST"), ("POST", "/v1/service/status", "GET, HEAD"),
                      ("PATCH", "/v1/hints/tips", "GET, HEAD")])
    func anUndeclaredMethodIs405WithAllow(method: String, path: String, allow: String) async throws {
        try await withServer { api in
            let response = try await api.client.execute(uri: path, method: HTTPRequest.Method(method)!,
                                                        headers: [.authorization: "Bearer \(APIClient.member42)"])
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow] == allow)
            #expect(response.text.contains("method_not_allowed"))
        }
    }

    @Test func anUnknownPathIsStill404() async throws {
        try await withServer { api in
            let response = try await api.client.execute(uri: "/v1/nothing", method: .trace, headers: [:])
            #expect(response.status == .notFound)
        }
    }

    @Test(arguments: ["/v1/service/status", "/v1/me", "/v1/interviews", "/v1/interviews/1001",
                      "/v1/analysis/report?termNo=1001", "/v1/hints/tips"])
    func headAnswersAsGetWithoutABody(path: String) async throws {
        try await withServer { api in
            let get = try await api.get(path)
            let head = try await api.client.execute(uri: path, method: .head,
                                                    headers: [.authorization: "Bearer \(APIClient.member42)"])
            #expect(get.status == .ok)
            #expect(head.status == get.status)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.contentType] == get.headers[.contentType])
            #expect(head.headers[.eTag] == get.headers[.eTag])
        }
    }
}
