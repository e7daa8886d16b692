import Domain

/// The requests of finished reports — the interview, the analysis report, the video report —
/// through the report store (`ReportStore`). What a use case gets back is the same entity either way; only where
/// its bytes came from differs:
///
/// - a kept entry still fresh (`Cache-Control: max-age`, `Freshness`) is served without a
///   request, unless `--refresh` asked that it be revalidated anyway;
/// - otherwise, with a kept entry that has an ETag, the request carries it in `If-None-Match`; a
///   `304` serves the kept bytes (decoded by the DTO's one decoder, as a fresh body would be) and
///   renews the entry (its freshness too, when the 304 carries a `max-age`); an entry without an
///   ETag is asked for again whole;
/// - a `200` replaces the entry when `keeps` says the body is final (a finished analysis) and
///   its `Cache-Control` does not say `no-store`, and removes it otherwise: a pending or failed
///   analysis is never kept, and one that went back to pending is not served from an older copy.
///   A 404 or 403 removes it too;
/// - offline, only the cache is read, and what is not there is `ReportError.notCached`.
///
/// A kept entry that no longer decodes is removed and the request is sent again without a
/// condition: a damaged entry is never shown and never fails the command.
struct CachedRequester: Sendable {
    enum Mode: Sendable {
        /// Every request as it is (`--no-cache`, or no store for these credentials).
        case off
        /// The scope's fresh rows without a request, conditional requests for the others;
        /// `refresh` (`--refresh`): conditional requests for every row, fresh or not.
        case revalidate(ReportStore, refresh: Bool = false)
        /// `--offline`: the scope's rows only, never the service; the failure says why there
        /// are none to read (not signed in).
        case offline(Result<ReportStore, ReportError>)
    }

    let requester: ServiceRequester
    let mode: Mode

    /// The store this command reads and keeps finished reports in; nil when it uses none.
    var store: ReportStore? {
        switch mode {
        case .off: nil
        case .revalidate(let store, _): store
        case .offline(let store): try? store.get()
        }
    }

    /// Where a response's value came from.
    enum Served: Sendable, Equatable {
        /// A kept row still fresh: no request.
        case fresh
        /// A conditional request answered 304: the kept row.
        case notModified
        /// A body of so many bytes, downloaded.
        case downloaded(bytes: Int)
    }

    func send<T: ResponseBody>(_ route: Router, on network: Network<T>,
                               keeps: (T) -> Bool) async throws -> T {
        try await sendServed(route, on: network, keeps: keeps).value
    }

    /// As `send`, saying where the value came from.
    func sendServed<T: ResponseBody>(_ route: Router, on network: Network<T>,
                                     keeps: (T) -> Bool) async throws -> (value: T, served: Served) {
        guard let key = route.storeKey else { return try await downloaded(route, on: network) }
        switch mode {
        case .off:
            return try await downloaded(route, on: network)
        case .offline(let store):
            let store = try store.get()
            store.willStartRequest()
            let result = Result { try read(key, of: route, from: store, on: network) }
            await store.didFinishRequest()
            return (try result.get(), .fresh)
        case .revalidate(let store, let refresh):
            store.willStartRequest()
            let result: Result<(value: T, served: Served), any Error>
            do {
                result = .success(try await revalidate(key, of: route, in: store, refresh: refresh, on: network, keeps: keeps))
            } catch {
                result = .failure(error)
            }
            await store.didFinishRequest()
            return try result.get()
        }
    }

    private func downloaded<T: ResponseBody>(_ route: Router, on network: Network<T>) async throws -> (value: T, served: Served) {
        (try await requester.send(route, on: network), .downloaded(bytes: 0))
    }

    /// Runs a DTO's mapping to the domain, as `ServiceRequester.map` does.
    func map<Entity>(_ mapping: () throws(DTOMappingError) -> Entity) throws -> Entity {
        try requester.map(mapping)
    }

    private func read<T: ResponseBody>(_ key: Router.StoreKey, of route: Router, from store: ReportStore,
                                       on network: Network<T>) throws -> T {
        if let entry = store.read(key.kind, term: key.term),
           let value: T = keptValue(entry, key, in: store, on: network, used: "offline: \(route) from the cache",
                                    otherwise: "offline, it cannot be fetched again") {
            return value
        }
        // Not "not in the cache" when the cache could not be read at all.
        if store.libraryMissing { throw ReportError.storeLibraryMissing }
        network.log?("cache: offline: \(route) is not in the cache")
        throw ReportError.notCached(route.notCachedDetail)
    }

    /// A kept row's value; nil when it no longer reads, and then forgotten. `used` and
    /// `otherwise` finish the log lines of either case (made only when there is a log).
    private func keptValue<T: ResponseBody>(_ entry: ReportStore.Entry, _ key: Router.StoreKey, in store: ReportStore,
                                            on network: Network<T>, used: @autoclosure () -> String,
                                            otherwise: @autoclosure () -> String) -> T? {
        do {
            let value = try Network<T>.decode(entry.body)
            network.log?("cache: \(used()) (\(entry.body.count) bytes)")
            return value
        } catch {
            network.log?("cache: ignoring the entry \(key.name), which no longer reads (\(error)); \(otherwise())")
            store.forget(key.kind, term: key.term)
            return nil
        }
    }

    private func revalidate<T: ResponseBody>(_ key: Router.StoreKey, of route: Router, in store: ReportStore, refresh: Bool,
                                             on network: Network<T>, keeps: (T) -> Bool) async throws -> (value: T, served: Served) {
        var kept = store.read(key.kind, term: key.term)
        if let entry = kept, !refresh {
            let now = ReportStore.now()
            if entry.isFresh(at: now) {
                let left = Freshness.secondsLeft(until: entry.freshUntil, now: now)
                if let value: T = keptValue(entry, key, in: store, on: network,
                                            used: "\(route) kept, fresh for \(left) s more: not asked", otherwise: "asking again") {
                    return (value, .fresh)
                }
                kept = nil
            }
        }
        while true {
            let condition = kept?.etag
            if kept != nil, condition == nil {
                network.log?("cache: \(route) was kept without an ETag and is stale: asking for it whole")
            }
            let response: HTTPResponse
            do {
                response = try await requester.perform(authenticated: route.endpoint.requiresAuth) { token async throws(NetworkError) in
                    try await network.undecodedResponse(route, accessToken: token, ifNoneMatch: condition)
                }
            } catch let error as ReportError {
                switch error {
                case .notFound, .forbidden: store.forget(key.kind, term: key.term)
                default: break
                }
                throw error
            }
            let received = ReportStore.now()
            let freshness = Freshness(cacheControl: response.headers.values(for: "Cache-Control"),
                                      age: response.headers["Age"])
            if response.status == 304, let entry = kept, condition != nil {
                if let value: T = keptValue(entry, key, in: store, on: network,
                                            used: "\(route) not modified: the kept copy is current", otherwise: "asking again") {
                    // The 304's Cache-Control replaces the kept one's (RFC 9111 §4.3.4).
                    if freshness.noStore {
                        network.log?("cache: not keeping \(route): the service says no-store")
                        store.forget(key.kind, term: key.term)
                    } else {
                        store.renew(key.kind, term: key.term, etag: response.headers["ETag"],
                                    freshUntil: freshness.freshUntil(receivedAt: received), kept: entry)
                    }
                    return (value, .notModified)
                }
                kept = nil
                continue
            }
            let value: T
            do {
                value = try Network<T>.decode(response.body)
            } catch {
                throw error.toDomain()
            }
            if keeps(value), !freshness.noStore {
                store.keep(key.kind, term: key.term, etag: response.headers["ETag"],
                           freshUntil: freshness.freshUntil(receivedAt: received), body: response.body)
            } else {
                let reason = freshness.noStore ? "the service says no-store" : "it is not a finished result"
                network.log?("cache: not keeping \(route): \(reason)")
                store.forget(key.kind, term: key.term)
            }
            return (value, .downloaded(bytes: response.body.count))
        }
    }

    /// What a response's `Cache-Control` and `Age` say about keeping it (RFC 9111, for a private
    /// cache):
    ///
    /// - `no-store`: not kept at all;
    /// - `no-cache`: kept, but never used without asking the service (revalidated each time);
    /// - `max-age=N` (`s-maxage` is for shared caches and is ignored): fresh for N seconds from when
    ///   it was generated — its age is the `Age` header, if sent, plus the time since it was
    ///   received — and used without a request while fresh;
    /// - `must-revalidate`: once stale, never used without asking (this cache never serves a stale
    ///   entry online anyway; `--offline` is the user's explicit request for kept copies);
    /// - nothing, or no `max-age`: not fresh, revalidated each time (as with `no-cache`). `Expires`
    ///   and heuristic freshness are not used: a report is not assumed fresh unless the service says so.
    ///
    /// Freshness is capped at `maxLifetime` (a day), whatever `max-age` says: a finished report can
    /// still be analysed again, and a `max-age` rewritten on the way (up to 2^31 s, 68 years) would
    /// hide that until `--refresh`. An entry kept fresh for longer than the cap from now (kept before
    /// the cap, or the clock went back) is not fresh: it is revalidated.
    struct Freshness: Sendable, Equatable {
        /// The longest a kept response is used without asking the service, in seconds: one day.
        static let maxLifetime: Int64 = 86_400

        /// `no-store`: the response must not be kept.
        let noStore: Bool
        /// How long the response stays fresh after it was received, in seconds; 0 when it is never fresh.
        let lifetimeLeft: Int64

        init(cacheControl: [String], age: String?) {
            var noStore = false, noCache = false
            var maxAge: Int64?
            for value in cacheControl {
                for directive in value.split(separator: ",") {
                    let parts = directive.split(separator: "=", maxSplits: 1)
                    let name = parts.first.map { $0.trimmingSpaces.lowercased() } ?? ""
                    let argument = parts.count == 2 ? parts[1].trimmingSpaces.trimmingQuotes : nil
                    switch name {
                    case "no-store": noStore = true
                    case "no-cache": noCache = true
                    case "max-age":
                        // Two max-age directives, or a malformed one: not fresh (RFC 9111 §4.2.1).
                        if maxAge == nil, let seconds = argument.flatMap(Self.deltaSeconds) { maxAge = seconds } else { maxAge = -1 }
                    default: break
                    }
                }
            }
            self.noStore = noStore
            let initialAge = age.flatMap { Self.deltaSeconds($0.trimmingSpaces) } ?? 0
            lifetimeLeft = noCache || noStore ? 0 : min(Self.maxLifetime, max(0, (maxAge ?? 0) - initialAge))
        }

        /// Whether an entry fresh until `freshUntil` is fresh at `now` (both ns since 1970): before
        /// then, and no further from now than the cap.
        static func isFresh(until freshUntil: Int64, now: Int64) -> Bool {
            now < freshUntil && freshUntil - now <= maxLifetime * 1_000_000_000
        }

        /// Until when, in nanoseconds since 1970, a response received at `receivedAt` is fresh; 0: never.
        func freshUntil(receivedAt: Int64) -> Int64 {
            lifetimeLeft > 0 ? receivedAt + lifetimeLeft * 1_000_000_000 : 0
        }

        /// Whole seconds from `now` until `freshUntil` (both ns since 1970), rounded up.
        static func secondsLeft(until freshUntil: Int64, now: Int64) -> Int64 {
            max(0, (freshUntil - now + 999_999_999) / 1_000_000_000)
        }

        /// A delta-seconds value: digits only; one past 2^31 is taken as 2^31 (RFC 9111 §1.2.2).
        static func deltaSeconds(_ text: Substring) -> Int64? {
            guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            let limit: Int64 = 1 << 31
            var value: Int64 = 0
            for digit in text.utf8 {
                value = min(limit, value * 10 + Int64(digit - 0x30))
            }
            return value
        }
    }
}

extension Router {
    /// Which row of the store a route's response is kept in (`report-1001`).
    struct StoreKey: Sendable, Hashable {
        let kind: ReportStore.Kind
        let term: Int
        var name: String { "\(kind.rawValue)-\(term)" }
    }

    /// The row of the store the route's response is kept in; nil for what is never kept.
    var storeKey: StoreKey? {
        switch self {
        case .interview(let termNo): StoreKey(kind: .interview, term: Int(termNo.rawValue))
        case .analysisReport(let termNo): StoreKey(kind: .report, term: Int(termNo.rawValue))
        case .videoReport(let termNo): StoreKey(kind: .video, term: Int(termNo.rawValue))
        case .serviceStatus, .refreshToken, .me, .completedInterviews, .hint: nil
        }
    }

    /// What `--offline` did not find, for `ReportError.notCached`.
    var notCachedDetail: Detail {
        switch self {
        case .interview: Detail(.detailNotCachedInterview)
        case .analysisReport: Detail(.detailNotCachedReport)
        case .videoReport: Detail(.detailNotCachedVideo)
        default: Detail(.detailNotCachedOther, ["route": .data("\(self)")])
        }
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }

    var trimmingQuotes: Substring {
        count >= 2 && hasPrefix("\"") && hasSuffix("\"") ? dropFirst().dropLast() : self
    }
}

private extension String {
    var trimmingSpaces: Substring { self[...].trimmingSpaces }
}
