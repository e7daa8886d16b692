import Hummingbird
import HummingbirdTesting
import Testing

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
}
