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

/// Why a base URL cannot be used. The reason never repeats the URL (it could hold a secret).
struct InvalidBaseURL: Error, Hashable, Sendable, CustomStringConvertible {
    let problem: BaseURLProblem

    init(_ problem: BaseURLProblem) {
        self.problem = problem
    }

    var reason: String { problem.description }

    var description: String { "invalid base URL: \(reason)" }
}

/// What is wrong with a base URL, decided where it is checked (`BaseURL`, the provider's refusal
/// of plain http://): the CLI says each with its catalog message. `description` is the English
/// reason, for logs and the places that still take text.
public enum BaseURLProblem: Hashable, Sendable, CustomStringConvertible {
    case empty, notURL, scheme, noHost, credentials, queryOrFragment, port, notIPv4
    /// Plain `http://` to `host`, which is not loopback, without `--allow-insecure-http`.
    case insecureHTTP(host: String)

    public var description: String {
        switch self {
        case .empty: "it is empty"
        case .notURL: "it is not a URL"
        case .scheme: "it must start with http:// or https://"
        case .noHost: "it has no host"
        case .credentials: "it must not contain credentials"
        case .queryOrFragment: "it must not have a query or a fragment"
        case .port: "its port is out of range"
        case .notIPv4: "its host is not a valid IPv4 address"
        case .insecureHTTP(let host): "plain http:// to \(host) would send the credentials unencrypted; only loopback hosts may use http://"
        }
    }
}
