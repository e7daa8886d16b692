import Domain

/// The requests of finished reports — the interview, the analysis report, the video report —
/// through the report cache. What a use case gets back is the same entity either way; only where
/// its bytes came from differs:
///
/// - a kept entry still fresh (`Cache-Control: max-age`, `CacheFreshness`) is served without a
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
        /// Every request as it is (`--no-cache`, or no cache for these credentials).
        case off
        /// The scope's fresh entries without a request, conditional requests for the others;
        /// `refresh` (`--refresh`): conditional requests for every entry, fresh or not.
        case revalidate(ReportCache, refresh: Bool = false)
        /// `--offline`: the scope's entries only, never the service; the failure says why there
        /// are none to read (not signed in).
        case offline(Result<ReportCache, ReportError>)
    }

    let requester: ServiceRequester
    let mode: Mode

    func send<T: ResponseBody>(_ route: Router, on network: Network<T>,
                               keeps: (T) -> Bool) async throws -> T {
        guard let name = route.cacheEntryName else { return try await requester.send(route, on: network) }
        switch mode {
        case .off:
            return try await requester.send(route, on: network)
        case .offline(let cache):
            return try read(name, of: route, from: cache.get(), on: network)
        case .revalidate(let cache, let refresh):
            return try await revalidate(name, of: route, in: cache, refresh: refresh, on: network, keeps: keeps)
        }
    }

    /// Runs a DTO's mapping to the domain, as `ServiceRequester.map` does.
    func map<Entity>(_ mapping: () throws(DTOMappingError) -> Entity) throws -> Entity {
        try requester.map(mapping)
    }

    private func read<T: ResponseBody>(_ name: String, of route: Router, from cache: ReportCache,
                                       on network: Network<T>) throws -> T {
        if let entry = cache.read(name),
           let value: T = keptValue(entry, name, in: cache, on: network, used: "offline: \(route) from the cache",
                                    otherwise: "offline, it cannot be fetched again") {
            return value
        }
        network.log?("cache: offline: \(route) is not in the cache")
        throw ReportError.notCached(route.notCachedDetail)
    }

    /// A kept entry's value, renewed as just used; nil when it no longer reads, and then forgotten.
    /// `used` and `otherwise` finish the log lines of either case.
    private func keptValue<T: ResponseBody>(_ entry: CacheEntry, _ name: String, in cache: ReportCache,
                                            on network: Network<T>, used: String, otherwise: String) -> T? {
        do {
            let value = try Network<T>.decode(entry.body)
            cache.renew(name)
            network.log?("cache: \(used) (\(entry.body.count) bytes)")
            return value
        } catch {
            network.log?("cache: ignoring the entry \(name), which no longer reads (\(error)); \(otherwise)")
            cache.forget(name)
            return nil
        }
    }

    private func revalidate<T: ResponseBody>(_ name: String, of route: Router, in cache: ReportCache, refresh: Bool,
                                             on network: Network<T>, keeps: (T) -> Bool) async throws -> T {
        var kept = cache.read(name)
        if let entry = kept, !refresh {
            let now = CacheFiles.now()
            if entry.isFresh(at: now) {
                let left = CacheFreshness.secondsLeft(until: entry.freshUntil, now: now)
                if let value: T = keptValue(entry, name, in: cache, on: network,
                                            used: "\(route) kept, fresh for \(left) s more: not asked", otherwise: "asking again") {
                    return value
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
                case .notFound, .forbidden: cache.forget(name)
                default: break
                }
                throw error
            }
            let received = CacheFiles.now()
            let freshness = CacheFreshness(cacheControl: response.headers.values(for: "Cache-Control"),
                                           age: response.headers["Age"])
            if response.status == 304, let entry = kept, condition != nil {
                if let value: T = keptValue(entry, name, in: cache, on: network,
                                            used: "\(route) not modified: the kept copy is current", otherwise: "asking again") {
                    // The 304's Cache-Control replaces the kept one's (RFC 9111 §4.3.4).
                    if freshness.noStore {
                        network.log?("cache: not keeping \(route): the service says no-store")
                        cache.forget(name)
                    } else if freshness.lifetimeLeft > 0 || entry.freshUntil > 0 {
                        cache.keep(name, etag: response.headers["ETag"] ?? entry.etag,
                                   freshUntil: freshness.freshUntil(receivedAt: received), body: entry.body)
                    }
                    return value
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
                cache.keep(name, etag: response.headers["ETag"], freshUntil: freshness.freshUntil(receivedAt: received),
                           body: response.body)
            } else {
                let reason = freshness.noStore ? "the service says no-store" : "it is not a finished result"
                network.log?("cache: not keeping \(route): \(reason)")
                cache.forget(name)
            }
            return value
        }
    }
}

extension Router {
    /// The name of the route's entry in the report cache; nil for what is never kept.
    var cacheEntryName: String? {
        switch self {
        case .interview(let termNo): "interview-\(termNo)"
        case .analysisReport(let termNo): "report-\(termNo)"
        case .videoReport(let termNo): "video-\(termNo)"
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
