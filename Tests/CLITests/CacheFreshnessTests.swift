import Foundation
import Synchronization
import Testing
import TestSupport

/// RFC 9111 freshness in the report cache: a kept response the service said is fresh
/// (`Cache-Control: max-age`) is used without a request until it is stale; `--refresh` asks
/// anyway; `no-cache`, `no-store` and an `Age` as old as `max-age` are honoured; a finished
/// response without an ETag is kept too (fetched again whole once stale, served by `--offline`).
/// Against a service of the test's own that counts the requests it gets, serving the demo's
/// bodies of term 1001 with the headers each test chooses.
@Suite("The report cache: freshness, and responses without an ETag")
struct CacheFreshnessTests {
    static let interviewPath = "/v1/interviews/1001"
    static let reportPath = "/v1/analysis/report"

    /// The demo service's bodies of term 1001, by path.
    static func demoBodies() async throws -> [String: [UInt8]] {
        let port = try #require(Int(ReferenceServer.demo.baseURL.split(separator: ":").last ?? ""))
        var bodies: [String: [UInt8]] = [:]
        for (path, target) in [(interviewPath, interviewPath), (reportPath, reportPath + "?termNo=1001")] {
            let exchange = try await RawHTTPExchange.get(target, port: port, headers: ["Connection: close"])
            try #require(exchange.statusCode == 200, "\(exchange.head)")
            bodies[path] = Array(exchange.body)
        }
        return bodies
    }

    /// A service answering term 1001 with `headers` on every response, with an ETag (and a 304
    /// when asked with it) when `etag` is true.
    static func service(headers: [(String, String)], etag: Bool = true) async throws -> LoopbackServer {
        let bodies = try await demoBodies()
        let server = try LoopbackServer()
        for (path, body) in bodies {
            let tag = "\"\(path.count)-\(body.count)\""
            server.route(path) { request, connection in
                if etag, request.header("If-None-Match") == tag {
                    connection.respond(status: 304, headers: [("ETag", tag)] + headers, body: [])
                } else {
                    connection.respond(status: 200, headers: [("Content-Type", "application/json")]
                                       + (etag ? [("ETag", tag)] : []) + headers, body: body)
                }
                return .keepAlive
            }
        }
        return server
    }

    static func report(_ arguments: [String], _ server: LoopbackServer, cache: CacheHome) async -> RunResult {
        await reportInProcess(arguments, environment: ["REPORT_BASE_URL": server.baseURL, "REPORT_TOKEN": "demo-access-42",
                                                       "XDG_CACHE_HOME": cache.url.path])
    }

    @Test func aFreshEntryIsUsedWithoutARequestAndRefreshAsksAnyway() async throws {
        let cache = CacheHome()
        let server = try await Self.service(headers: [("Cache-Control", "private, max-age=3600")])
        defer { server.stop() }
        let first = await Self.report(["fetch", "1001", "--json"], server, cache: cache)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(server.requests.count == 2)
        #expect(cache.entryNames == ["interview-1001", "report-1001"])

        let second = await Self.report(["fetch", "1001", "--json", "--verbose"], server, cache: cache)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == first.stdout, "the same document, from the kept copy")
        #expect(server.requests.count == 2, "no request, for the interview nor the report: \(server.requests.map(\.target))")
        #expect(second.requestLines.isEmpty)
        let said = second.stderrLines.filter { $0.hasPrefix("* cache: ") && $0.contains(": not asked") }
        #expect(said.count == 2, "\(second.stderr)")
        #expect(said.allSatisfy { $0.contains("fresh for ") && $0.contains(" s more") }, "\(said)")
        let text = await Self.report(["fetch", "1001"], server, cache: cache)
        #expect(text.status == 0 && text.stderr == "")
        #expect(server.requests.count == 2)

        // --refresh revalidates all the same: conditional requests, answered 304.
        let refreshed = await Self.report(["fetch", "1001", "--json", "--refresh", "--verbose"], server, cache: cache)
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(refreshed.stdout == first.stdout)
        #expect(server.requests.count == 4)
        #expect(server.requests.suffix(2).allSatisfy { $0.header("If-None-Match") != nil })
        #expect(refreshed.responseLines.allSatisfy { $0.hasPrefix("* ← 304 ") }, "\(refreshed.responseLines)")

        // cache info says how many are fresh, in both languages and in JSON.
        let info = await Self.report(["cache", "info", "--json"], server, cache: cache)
        let document = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]
        #expect(document?["fresh"] as? Int == 2, "\(info.stdout)")
        #expect(document?["entries"] as? Int == 2)
        let infoText = await Self.report(["cache", "info"], server, cache: cache)
        #expect(infoText.stdoutLines.contains { $0.hasPrefix("fresh ") && $0.contains(" 2  (") }, "\(infoText.stdout)")
        let korean = await reportInProcess(["cache", "info", "--lang", "ko"],
                                           environment: ["XDG_CACHE_HOME": cache.url.path])
        #expect(korean.stdoutLines.contains { $0.hasPrefix("유효 ") && $0.contains(" 2  (") }, "\(korean.stdout)")
    }

    /// An empty cache's size is said in the member's language, once: `크기  0바이트`, not `0 bytes`,
    /// nor `0바이트  (0바이트)`; English `size  0 bytes`. A size of a KiB or more keeps its exact
    /// count beside it (`1.5 KiB  (1536 bytes)`).
    @Test func anEmptyCachesSizeIsSaidOnceInTheMembersLanguage() async throws {
        let cache = CacheHome()
        let korean = await reportInProcess(["cache", "info", "--lang", "ko"], environment: ["XDG_CACHE_HOME": cache.url.path])
        #expect(korean.status == 0, "\(korean.stderr)")
        let size = try #require(korean.stdoutLines.first { $0.hasPrefix("크기 ") }, "\(korean.stdout)")
        #expect(size.hasSuffix(" 0바이트") && !size.contains("bytes"), "\(size)")
        #expect(size.components(separatedBy: "바이트").count == 2 && !size.contains("("), "said once: \(size)")
        let english = await reportInProcess(["cache", "info"], environment: ["XDG_CACHE_HOME": cache.url.path])
        let englishSize = try #require(english.stdoutLines.first { $0.hasPrefix("size ") }, "\(english.stdout)")
        #expect(englishSize.hasSuffix(" 0 bytes") && !englishSize.contains("("), "said once: \(englishSize)")
    }

    /// Second fetches of term 1001 under each `Cache-Control` (and `Age`): how many requests the
    /// service gets, and whether anything was kept.
    @Test(arguments: [
        (["private, max-age=3600"], nil, 0, true),
        (["private, max-age=3600"], "3600", 2, true),
        (["private, max-age=3600"], "3500", 0, true),
        (["no-cache, max-age=3600"], nil, 2, true),
        (["max-age=0, must-revalidate"], nil, 2, true),
        (["max-age=3600", "max-age=60"], nil, 2, true),
        (["private, no-store, max-age=3600"], nil, 2, false),
    ] as [([String], String?, Int, Bool)])
    func secondFetchRequestsUnder(_ cacheControl: [String], age: String?, requests: Int, kept: Bool) async throws {
        let cache = CacheHome()
        let server = try await Self.service(headers: cacheControl.map { ("Cache-Control", $0) } + (age.map { [("Age", $0)] } ?? []))
        defer { server.stop() }
        let first = await Self.report(["fetch", "1001", "--json"], server, cache: cache)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(cache.entryNames == (kept ? ["interview-1001", "report-1001"] : []))
        let second = await Self.report(["fetch", "1001", "--json"], server, cache: cache)
        #expect(second.status == 0)
        #expect(second.stdout == first.stdout)
        #expect(server.requests.count == 2 + requests, "\(server.requests.map(\.target))")
    }

    /// A `max-age` rewritten on the way to 2^31 s (68 years) keeps a report fresh for a day at
    /// most: the cap `cache info` shows, in both languages and in JSON.
    @Test func aServedMaxAgeIsCutToADay() async throws {
        let cache = CacheHome()
        let server = try await Self.service(headers: [("Cache-Control", "private, max-age=1000000000000")])
        defer { server.stop() }
        let first = await Self.report(["fetch", "1001", "--json"], server, cache: cache)
        #expect(first.status == 0, "\(first.stderr)")
        let second = await Self.report(["fetch", "1001", "--json", "--verbose"], server, cache: cache)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(server.requests.count == 2, "fresh, within the day")
        let left = second.stderrLines.filter { $0.hasPrefix("* cache: ") && $0.contains(": not asked") }.compactMap { line in
            line.firstRange(of: "fresh for ").flatMap { Int(line[$0.upperBound...].prefix { $0.isNumber }) }
        }
        #expect(left.count == 2, "\(second.stderr)")
        #expect(left.allSatisfy { $0 > 86_000 && $0 <= 86_400 }, "fresh for at most a day: \(left)")

        let info = await Self.report(["cache", "info", "--json"], server, cache: cache)
        let document = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]
        #expect(document?["maxFreshSeconds"] as? Int == 86_400, "\(info.stdout)")
        #expect(document?["fresh"] as? Int == 2)
        let text = await Self.report(["cache", "info"], server, cache: cache)
        #expect(text.stdoutLines.contains { $0.hasPrefix("max fresh ") && $0.contains(" 24 h  (") }, "\(text.stdout)")
        let korean = await reportInProcess(["cache", "info", "--lang", "ko"], environment: ["XDG_CACHE_HOME": cache.url.path])
        #expect(korean.stdoutLines.contains { $0.hasPrefix("최대 유효 ") && $0.contains(" 24시간  (") }, "\(korean.stdout)")
    }

    /// An entry kept fresh for longer than the cap from now (by an earlier report, or a clock that
    /// went back) is not fresh: it is asked about again, and `cache info` does not count it.
    @Test func anEntryFreshBeyondTheCapIsRevalidated() async throws {
        let cache = CacheHome()
        let server = try await Self.service(headers: [("Cache-Control", "private, max-age=3600")])
        defer { server.stop() }
        let first = await Self.report(["fetch", "1001", "--json"], server, cache: cache)
        #expect(first.status == 0, "\(first.stderr)")
        let tenYears = (Int64(Date().timeIntervalSince1970) + 10 * 365 * 86_400) * 1_000_000_000
        for name in ["interview-1001", "report-1001"] {
            try cache.entry(name).update("UPDATE response SET fresh_until = \(tenYears) WHERE term = ?1 AND kind = ?2")
        }
        let info = await Self.report(["cache", "info", "--json"], server, cache: cache)
        let document = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]
        #expect(document?["entries"] as? Int == 2, "\(info.stdout)")
        #expect(document?["fresh"] as? Int == 0, "\(info.stdout)")
        let second = await Self.report(["fetch", "1001", "--json"], server, cache: cache)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == first.stdout)
        #expect(server.requests.count == 4, "asked again: \(server.requests.map(\.target))")
        #expect(server.requests.suffix(2).allSatisfy { $0.header("If-None-Match") != nil })
    }

    @Test func aResponseWithoutAnETagIsKeptFetchedAgainWholeAndServedOffline() async throws {
        let cache = CacheHome()
        let server = try await Self.service(headers: [], etag: false)
        let first = await Self.report(["fetch", "1001", "--json"], server, cache: cache)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(cache.entryNames == ["interview-1001", "report-1001"], "kept without an ETag")

        let second = await Self.report(["fetch", "1001", "--json", "--verbose"], server, cache: cache)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == first.stdout)
        #expect(server.requests.count == 4, "not fresh: asked again")
        #expect(server.requests.allSatisfy { $0.header("If-None-Match") == nil }, "no validator to send")
        #expect(second.stderr.contains("kept without an ETag and is stale: asking for it whole"), "\(second.stderr)")
        server.stop()

        let offline = await Self.report(["fetch", "1001", "--json", "--offline"], server, cache: cache)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == first.stdout)

        // Without an ETag but fresh: used without a request.
        let freshCache = CacheHome()
        let fresh = try await Self.service(headers: [("Cache-Control", "max-age=600")], etag: false)
        defer { fresh.stop() }
        #expect(await Self.report(["fetch", "1001"], fresh, cache: freshCache).status == 0)
        #expect(await Self.report(["fetch", "1001"], fresh, cache: freshCache).status == 0)
        #expect(fresh.requests.count == 2)
    }

    /// report-server's `--max-age` end to end: a finished term is not asked for again; its
    /// `--no-etag` gives a service whose responses `--offline` still serves.
    @Test func reportServerMaxAgeAndNoETag() async throws {
        let cache = CacheHome()
        let server = try await ReferenceServer.start(extraArguments: ["--max-age", "3600"])
        defer { server.stop() }
        let first = try await cachedReport(["fetch", "1001", "--json", "--verbose"], cache: cache, server: server)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderrLines.contains { $0.lowercased() == "< cache-control: private, max-age=3600" }, "\(first.stderr)")
        let second = try await cachedReport(["fetch", "1001", "--json", "--verbose"], cache: cache, server: server)
        #expect(second.stdout == first.stdout)
        #expect(second.requestLines.isEmpty, "\(second.requestLines)")

        let bare = try await ReferenceServer.start(extraArguments: ["--no-etag"])
        let other = CacheHome()
        let online = try await cachedReport(["fetch", "1001", "--json"], cache: other, server: bare)
        #expect(online.status == 0)
        await bare.stopAndWait()
        let offline = try await cachedReport(["fetch", "1001", "--json", "--offline"], cache: other, server: bare)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == online.stdout)
    }

    @Test(arguments: [["--offline"], ["--no-cache"]])
    func refreshGoesWithNeitherOfflineNorNoCache(_ other: [String]) async {
        let result = await reportInProcess(["fetch", "1001", "--refresh"] + other)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--refresh asks the service about every kept report: it does not go with \(other[0])"),
                "\(result.stderr)")
        let help = await reportInProcess(["fetch", "--help"])
        #expect(help.stdout.contains("--refresh"))
    }
}
