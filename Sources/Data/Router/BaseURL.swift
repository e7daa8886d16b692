import Terminal
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
import Glibc
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The service's address: an http or https URL with a host and, optionally, a path prefix
/// (`http://host/api` puts every endpoint under `/api/v1/…`).
struct BaseURL: Hashable, Sendable, CustomStringConvertible {
    /// `scheme://host[:port]`.
    let origin: String
    /// Percent-encoded, without a trailing slash; empty for none.
    let pathPrefix: String
    /// The URL's host in its one canonical form (`CanonicalHost`): an IPv4 address as four
    /// decimal numbers, an IPv6 address in brackets as `inet_ntop` writes it, `localhost`, or a
    /// name as in the URL (percent-encoded), lowercased. The origin is made of it, so that the
    /// host libcurl connects to (and matches against its no-proxy list) is the one that
    /// `isLoopback` looked at.
    let host: String

    init(_ text: String) throws(InvalidBaseURL) {
        let text = text.trimmingWhitespace()
        guard !text.isEmpty else { throw InvalidBaseURL(.empty) }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw InvalidBaseURL(.notURL)
        }
        guard scheme == "http" || scheme == "https" else {
            throw InvalidBaseURL(.scheme)
        }
        guard let typedHost = components.percentEncodedHost, !typedHost.isEmpty else {
            throw InvalidBaseURL(.noHost)
        }
        let host = try CanonicalHost.canonical(typedHost)
        guard components.user == nil, components.password == nil else {
            throw InvalidBaseURL(.credentials)
        }
        guard components.percentEncodedQuery == nil, components.fragment == nil else {
            throw InvalidBaseURL(.queryOrFragment)
        }
        var origin = "\(scheme)://\(host)"
        if let port = components.port {
            guard (1...65535).contains(port) else { throw InvalidBaseURL(.port) }
            origin += ":\(port)"
        }
        var prefix = Substring(components.percentEncodedPath)
        while prefix.hasSuffix("/") { prefix = prefix.dropLast() }
        self.origin = origin
        self.pathPrefix = String(prefix)
        self.host = host
    }

    var isPlainHTTP: Bool { origin.hasPrefix("http://") }

    /// Whether the host is this machine: `localhost`, 127.0.0.0/8 or ::1, in their canonical forms
    /// (`CanonicalHost`), which libcurl's no-proxy list (`CurlTransfer.noProxy`) matches too.
    /// Traffic to it never leaves the machine, so plain HTTP cannot be read on the way.
    var isLoopback: Bool { CanonicalHost.isLoopback(host) }

    /// The absolute URL of an already percent-encoded `path` (starting with "/") and `query`.
    func url(path: String, query: String) -> String {
        origin + pathPrefix + path + (query.isEmpty ? "" : "?" + query)
    }

    var description: String { origin + pathPrefix }
}

/// Why `text` cannot be the service's base URL, or nil: the one check, which the provider makes
/// when it starts, for a caller that checks earlier to name a file's line or a flag.
public enum ServiceBaseURL {
    /// What a person typed for the service, read as xh reads it: `:8080` (and `:8080/api`) is
    /// `http://127.0.0.1:8080`, and a loopback host without a scheme (`localhost:8080`,
    /// `127.0.0.1:46647`, `[::1]:8080`) is `http://` — plain HTTP that never leaves the machine.
    /// Anything else is left as typed (and refused if it is not a URL, with `meant`).
    public static func expandingShorthand(_ text: String) -> String {
        let text = text.trimmingWhitespace()
        if text.hasPrefix(":"), text.dropFirst().first?.isNumber == true {
            return "http://127.0.0.1" + text
        }
        guard !text.contains("://"), let url = try? BaseURL("http://" + text), url.isLoopback else { return text }
        return "http://" + text
    }

    /// The URL a text without a scheme most likely meant (`reports.example.com` →
    /// `https://reports.example.com`, a loopback host `http://`), for the message that refuses it;
    /// nil when adding a scheme would not make it a URL either.
    public static func meant(_ text: String) -> String? {
        let text = text.trimmingWhitespace()
        guard !text.isEmpty, !text.contains("://"), !text.hasPrefix("/") else { return nil }
        let expanded = expandingShorthand(text)
        if expanded != text { return expanded }
        guard let url = try? BaseURL("https://" + text), url.host.contains(".") || url.host.hasPrefix("[") else { return nil }
        return "https://" + text
    }

    public static func problem(_ text: String) -> String? {
        invalidity(text)?.description
    }

    /// What is wrong with `text` as a base URL, for the catalog to say; nil when nothing is.
    public static func invalidity(_ text: String) -> BaseURLProblem? {
        do throws(InvalidBaseURL) {
            _ = try BaseURL(text)
            return nil
        } catch {
            return error.problem
        }
    }
}

/// A URL's host in one form, so that one string decides both whether it is this machine (plain
/// `http://` allowed, `BaseURL.isLoopback`) and whether a request to it bypasses the proxy
/// (libcurl matches the URL's host against `CurlTransfer.noProxy`). Spellings of one address that
/// libcurl and a resolver read alike but that match differently — `127.0.0.1.`, `127.1`,
/// `0x7f.1`, `2130706433`, `LOCALHOST.`, `[0:0::1]` — become the same text:
///
/// - an IPv4 address in any form the URL standard (WHATWG) reads — one trailing dot, one to four
///   parts, each decimal, octal (`0177`) or hexadecimal (`0x7f`) — is four decimal numbers
///   (`127.0.0.1`); a host that ends in such a number but is no address (`127.0.0.256`,
///   `1.2.3.4.5`) is refused, as a browser refuses it;
/// - an IPv6 address in brackets is written as `inet_ntop` writes it (`[::1]`); one with a zone
///   (`%25eth0`) is kept as typed;
/// - `localhost` with or without its trailing dot is `localhost`;
/// - any other name is kept as typed (a trailing dot included), lowercased.
///
/// A host is loopback only in its canonical form: `localhost`, `127.x.y.z` or `[::1]`. Anything
/// else (`foo.localhost`, `[::ffff:127.0.0.1]`, a percent-encoded name) is not plainly this
/// machine and is not treated as such.
enum CanonicalHost {
    /// `host` as `URLComponents.percentEncodedHost` gives it (an IPv6 address in brackets).
    static func canonical(_ host: String) throws(InvalidBaseURL) -> String {
        let host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") {
            let address = String(host.dropFirst().dropLast())
            return ipv6(address).map { "[\($0)]" } ?? host
        }
        var parts = host.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
        if parts.count == 1, parts[0] == "localhost" { return "localhost" }
        guard let last = parts.last, endsInANumber(last) else { return host }
        guard let address = ipv4(parts) else {
            throw InvalidBaseURL(.notIPv4)
        }
        return (0..<4).map { String((address >> (24 - 8 * $0)) & 0xff) }.joined(separator: ".")
    }

    /// Whether a canonical host is this machine: `localhost`, 127.0.0.0/8 or `[::1]`.
    static func isLoopback(_ canonical: String) -> Bool {
        if canonical == "localhost" || canonical == "[::1]" { return true }
        let parts = canonical.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil && $0.allSatisfy(\.isASCII) }
    }

    /// The URL standard's "ends in a number": the last part is decimal digits, or an IPv4 number
    /// (`0x…`), so the host is meant as an IPv4 address.
    private static func endsInANumber(_ last: Substring) -> Bool {
        !last.isEmpty && (last.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } || number(last) != nil)
    }

    /// The address of one to four parts, the last filling the bytes the others leave; nil when a
    /// part is not a number or a value does not fit.
    private static func ipv4(_ parts: [Substring]) -> UInt32? {
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            guard let value = number(part) else { return nil }
            numbers.append(value)
        }
        let last = numbers.removeLast()
        guard numbers.allSatisfy({ $0 <= 255 }), last < (UInt64(1) << (8 * (4 - numbers.count))) else { return nil }
        var address = last
        for (index, value) in numbers.enumerated() { address += value << (8 * (3 - index)) }
        return UInt32(address)
    }

    /// One part: `0x` and hexadecimal digits (none is 0), `0` and octal digits, or decimal digits.
    private static func number(_ part: Substring) -> UInt64? {
        guard !part.isEmpty else { return nil }
        var digits = part
        var radix = 10
        if digits.count >= 2, digits.hasPrefix("0x") {
            digits = digits.dropFirst(2)
            radix = 16
            if digits.isEmpty { return 0 }
        } else if digits.count >= 2, digits.hasPrefix("0") {
            digits = digits.dropFirst()
            radix = 8
        }
        // At most 2^32 matters; longer text is out of range whatever its digits.
        guard digits.count <= 32, digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
        return UInt64(digits, radix: radix)
    }

    /// An IPv6 address as `inet_ntop` writes it; nil when it is not one (a zone, say).
    private static func ipv6(_ text: String) -> String? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
