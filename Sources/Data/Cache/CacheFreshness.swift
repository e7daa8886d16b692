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
struct CacheFreshness: Sendable, Equatable {
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
