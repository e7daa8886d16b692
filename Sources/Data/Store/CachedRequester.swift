import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        try await served(route, on: network, reading: Reading<T, T>(value: { $0 }, form: { _, _ in nil }, fromForm: { _ in nil }),
                         keeps: keeps)
    }

    /// The value a route's DTO maps to (its `value()`, whose error is thrown as `map` throws it).
    /// A kept copy is read back from its `KeptForm`, without JSON or the mapping; one without a
    /// form is decoded, and its form made and kept.
    func sendMapped<T: KeptFormBody>(_ route: Router, on network: Network<T>,
                                     keeps: (T) -> Bool) async throws -> T.Value {
        let maker = store?.formMaker ?? 0
        let reading = Reading<T, T.Value>(value: { dto in try map { () throws(DTOMappingError) in try dto.value() } },
                                          form: { T.form(of: $0, body: $1, maker: maker) }, fromForm: { T.value(fromForm: $0) })
        return try await served(route, on: network, reading: reading, keeps: keeps).value
    }

    /// How a route's DTO becomes what the caller gets: the DTO itself (`sendServed`), or its
    /// mapped value, kept in its form (`sendMapped`).
    private struct Reading<T: ResponseBody, Value> {
        /// A decoded body's value; thrown: its mapping's error.
        let value: (T) throws -> Value
        /// The `KeptForm` of a value and the body it was mapped from; nil: none is kept.
        let form: (Value, Data) -> [UInt8]?
        /// A kept form's value; nil: it does not read.
        let fromForm: ([UInt8]) -> Value?
    }

    private func served<T: ResponseBody, Value>(_ route: Router, on network: Network<T>, reading: Reading<T, Value>,
                                                keeps: (T) -> Bool) async throws -> (value: Value, served: Served) {
        guard let key = route.storeKey else { return try await downloaded(route, on: network, reading: reading) }
        switch mode {
        case .off:
            return try await downloaded(route, on: network, reading: reading)
        case .offline(let store):
            let store = try store.get()
            store.willStartRequest()
            let result = Result { try read(key, of: route, from: store, on: network, reading: reading) }
            await store.didFinishRequest()
            return (try result.get(), .fresh)
        case .revalidate(let store, let refresh):
            store.willStartRequest()
            let result: Result<(value: Value, served: Served), any Error>
            do {
                result = .success(try await revalidate(key, of: route, in: store, refresh: refresh, on: network,
                                                       reading: reading, keeps: keeps))
            } catch {
                result = .failure(error)
            }
            await store.didFinishRequest()
            return try result.get()
        }
    }

    private func downloaded<T: ResponseBody, Value>(_ route: Router, on network: Network<T>,
                                                    reading: Reading<T, Value>) async throws -> (value: Value, served: Served) {
        (try reading.value(try await requester.send(route, on: network)), .downloaded(bytes: 0))
    }

    /// Runs a DTO's mapping to the domain, as `ServiceRequester.map` does.
    func map<Entity>(_ mapping: () throws(DTOMappingError) -> Entity) throws -> Entity {
        try requester.map(mapping)
    }

    private func read<T: ResponseBody, Value>(_ key: Router.StoreKey, of route: Router, from store: ReportStore,
                                              on network: Network<T>, reading: Reading<T, Value>) throws -> Value {
        if let entry = store.read(key.kind, term: key.term),
           let kept = keptValue(entry, key, in: store, on: network, reading: reading, used: "offline: \(route) from the cache",
                                otherwise: "offline, it cannot be fetched again") {
            if let form = kept.madeForm { store.keepForm(key.kind, term: key.term, form, kept: entry) }
            return try kept.value.get()
        }
        // Not "not in the cache" when the cache could not be read at all.
        if store.libraryMissing { throw ReportError.storeLibraryMissing }
        network.log?("cache: offline: \(route) is not in the cache")
        throw ReportError.notCached(route.notCachedDetail)
    }

    /// A kept row's value, read from its form when it has one, else decoded from its body (and
    /// then `madeForm`, the form to keep from now on); nil when the body no longer decodes, and
    /// the row is then forgotten. A body that decodes but does not map is the mapping's error, as a
    /// download's would be. `used` and `otherwise` finish the log lines of either case (made only
    /// when there is a log).
    private func keptValue<T: ResponseBody, Value>(_ entry: ReportStore.Entry, _ key: Router.StoreKey, in store: ReportStore,
                                                   on network: Network<T>, reading: Reading<T, Value>,
                                                   used: @autoclosure () -> String, otherwise: @autoclosure () -> String)
        -> (value: Result<Value, any Error>, madeForm: [UInt8]?)? {
        if let form = entry.form, let value = reading.fromForm(form) {
            network.log?("cache: \(used()) (\(entry.body.count) bytes)")
            return (.success(value), nil)
        }
        let dto: T
        do {
            dto = try Network<T>.decode(entry.body)
        } catch {
            network.log?("cache: ignoring the entry \(key.name), which no longer reads (\(error)); \(otherwise())")
            store.forget(key.kind, term: key.term)
            return nil
        }
        network.log?("cache: \(used()) (\(entry.body.count) bytes)")
        let value = Result<Value, any Error> { try reading.value(dto) }
        return (value, (try? value.get()).flatMap { reading.form($0, entry.body) })
    }

    private func revalidate<T: ResponseBody, Value>(_ key: Router.StoreKey, of route: Router, in store: ReportStore, refresh: Bool,
                                                    on network: Network<T>, reading: Reading<T, Value>,
                                                    keeps: (T) -> Bool) async throws -> (value: Value, served: Served) {
        var kept = store.read(key.kind, term: key.term)
        if let entry = kept, !refresh {
            let now = ReportStore.now()
            if entry.isFresh(at: now) {
                let left = Freshness.secondsLeft(until: entry.freshUntil, now: now)
                if let value = keptValue(entry, key, in: store, on: network, reading: reading,
                                         used: "\(route) kept, fresh for \(left) s more: not asked", otherwise: "asking again") {
                    if let form = value.madeForm { store.keepForm(key.kind, term: key.term, form, kept: entry) }
                    return (try value.value.get(), .fresh)
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
                if let value = keptValue(entry, key, in: store, on: network, reading: reading,
                                         used: "\(route) not modified: the kept copy is current", otherwise: "asking again") {
                    // The 304's Cache-Control replaces the kept one's (RFC 9111 §4.3.4).
                    if freshness.noStore {
                        network.log?("cache: not keeping \(route): the service says no-store")
                        store.forget(key.kind, term: key.term)
                    } else {
                        store.renew(key.kind, term: key.term, etag: response.headers["ETag"],
                                    freshUntil: freshness.freshUntil(receivedAt: received), kept: entry, form: value.madeForm)
                    }
                    return (try value.value.get(), .notModified)
                }
                kept = nil
                continue
            }
            let dto: T
            do {
                dto = try Network<T>.decode(response.body)
            } catch {
                throw error.toDomain()
            }
            // Kept as bytes only: a row's form is made when it is first read back (most kept
            // reports are read again; those that are not cost no form), so that keeping a
            // download costs no more than it did without forms (`Benchmarks/store.py`).
            if keeps(dto), !freshness.noStore {
                store.keep(key.kind, term: key.term, etag: response.headers["ETag"],
                           freshUntil: freshness.freshUntil(receivedAt: received), body: response.body)
            } else {
                let reason = freshness.noStore ? "the service says no-store" : "it is not a finished result"
                network.log?("cache: not keeping \(route): \(reason)")
                store.forget(key.kind, term: key.term)
            }
            return (try reading.value(dto), .downloaded(bytes: response.body.count))
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
