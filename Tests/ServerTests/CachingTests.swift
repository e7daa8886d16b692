import Hummingbird
import HummingbirdTesting
import Testing
@testable import ReportServer

/// Strong ETags on the GET JSON responses, and `If-None-Match` → 304.
@Suite struct CachingTests {
    static let paths = [
        "/v1/interviews", "/v1/interviews?page=2", "/v1/interviews/1001", "/v1/analysis/report?termNo=1001",
        "/v1/analysis/video-report?termNo=1001", "/v1/hints/keywords",
    ]

    @Test(arguments: paths)
    func matchingETagGetsNotModified(path: String) async throws {
        try await withServer { api in
            let first = try await api.get(path)
            #expect(first.status == .ok)
            let tag = try #require(first.headers[.eTag])
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && !tag.hasPrefix("W/"), "a strong, quoted ETag")

            let again = try await api.get(path)
            #expect(again.headers[.eTag] == tag, "the same bytes get the same tag")
            #expect(again.body == first.body)

            let notModified = try await api.get(path, headers: [.ifNoneMatch: tag])
            #expect(notModified.status == .notModified)
            #expect(notModified.body.readableBytes == 0)
            #expect(notModified.headers[.eTag] == tag)

            for header in [#""0000000000000000", \#(tag)"#, "W/\(tag)", "*"] {
                #expect(try await api.get(path, headers: [.ifNoneMatch: header]).status == .notModified, "\(header)")
            }
            let stale = try await api.get(path, headers: [.ifNoneMatch: #""0000000000000000""#])
            #expect(stale.status == .ok)
            #expect(stale.body == first.body)
        }
    }

    @Test func differentResourcesHaveDifferentTags() async throws {
        try await withServer { api in
            var tags: Set<String> = []
            for path in Self.paths {
                tags.insert(try #require(try await api.get(path).headers[.eTag]))
            }
            #expect(tags.count == Self.paths.count)
        }
    }

    @Test func conditionalRequestsStillNeedAuthentication() async throws {
        try await withServer { api in
            let tag = try #require(try await api.get("/v1/interviews/1001").headers[.eTag])
            let response = try await api.get("/v1/interviews/1001", token: nil, headers: [.ifNoneMatch: tag])
            #expect(response.status == .unauthorized)
        }
    }

    /// `--max-age`: `Cache-Control: private, max-age=N` on the interview and reports of a
    /// finished analysis (and on their 304s); `no-cache` there when it is 0 (the default); never
    /// anything on a pending or failed analysis, a list, the hints, `/v1/me` or a token.
    @Test func aFinishedAnalysisIsFreshForMaxAge() async throws {
        try await withServer(.demo { $0.maxAge = 600 }) { api in
            for path in ["/v1/interviews/1001", "/v1/analysis/report?termNo=1001", "/v1/analysis/video-report?termNo=1001"] {
                let response = try await api.get(path)
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "private, max-age=600", "\(path)")
                let tag = try #require(response.headers[.eTag])
                let notModified = try await api.get(path, headers: [.ifNoneMatch: tag])
                #expect(notModified.status == .notModified)
                #expect(notModified.headers[.cacheControl] == "private, max-age=600", "a 304 says it too: \(path)")
            }
            for path in ["/v1/interviews/1005", "/v1/analysis/report?termNo=1005", "/v1/interviews/1008",
                         "/v1/analysis/report?termNo=1008", "/v1/analysis/video-report?termNo=1008",
                         "/v1/interviews", "/v1/hints/keywords", "/v1/me", "/v1/service/status"] {
                let response = try await api.get(path)
                #expect(response.headers[.cacheControl] == nil, "\(path): \(response.headers[.cacheControl] ?? "")")
            }
        }
        try await withServer { api in
            let done = try await api.get("/v1/interviews/1001")
            let pending = try await api.get("/v1/interviews/1005")
            #expect(done.headers[.cacheControl] == "no-cache")
            #expect(pending.headers[.cacheControl] == nil)
        }
    }

    @Test func noETagMeansNoValidatorAndNo304() async throws {
        try await withServer(.demo { $0.etags = false }) { api in
            let response = try await api.get("/v1/interviews/1001")
            #expect(response.headers[.eTag] == nil)
            #expect(try await api.get("/v1/interviews/1001", headers: [.ifNoneMatch: "*"]).status == .ok)
        }
    }
}
