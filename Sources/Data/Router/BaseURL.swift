import Terminal
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
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
        guard !text.isEmpty else { throw InvalidBaseURL(reason: "it is empty") }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw InvalidBaseURL(reason: "it is not a URL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw InvalidBaseURL(reason: "it must start with http:// or https://")
        }
        guard let typedHost = components.percentEncodedHost, !typedHost.isEmpty else {
            throw InvalidBaseURL(reason: "it has no host")
        }
        let host = try CanonicalHost.canonical(typedHost)
        guard components.user == nil, components.password == nil else {
            throw InvalidBaseURL(reason: "it must not contain credentials")
        }
        guard components.percentEncodedQuery == nil, components.fragment == nil else {
            throw InvalidBaseURL(reason: "it must not have a query or a fragment")
        }
        var origin = "\(scheme)://\(host)"
        if let port = components.port {
            guard (1...65535).contains(port) else { throw InvalidBaseURL(reason: "its port is out of range") }
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

/// Why a base URL cannot be used. The reason never repeats the URL (it could hold a secret).
struct InvalidBaseURL: Error, Hashable, Sendable, CustomStringConvertible {
    let reason: String

    var description: String { "invalid base URL: \(reason)" }
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
        do throws(InvalidBaseURL) {
            _ = try BaseURL(text)
            return nil
        } catch {
            return error.reason
        }
    }
}
