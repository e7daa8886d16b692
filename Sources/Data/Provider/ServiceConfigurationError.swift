import Domain
import Terminal

/// A configuration the Data layer cannot work with; `description` is one line saying why (for a
/// log), `problem` what it is, for the words a person reads.
public struct ServiceConfigurationError: Error, Sendable, CustomStringConvertible {
    public enum Problem: Sendable {
        /// The base URL cannot be used (`BaseURLProblem.insecureHTTP`: plain http:// refused).
        case baseURL(BaseURLProblem)
        /// libcurl could not start: why (`TransportError.reason`).
        case transport(Detail)
    }

    public let problem: Problem

    public var description: String {
        switch problem {
        case .baseURL(.insecureHTTP(let host)): BaseURLProblem.insecureHTTP(host: host).description
        case .baseURL(let problem): "invalid base URL: \(problem)"
        case .transport(let reason): "libcurl could not start: \(reason)"
        }
    }

    /// The base URL is plain `http://` to a host that is not loopback, and insecure HTTP was not allowed.
    public var isInsecureHTTP: Bool {
        if case .baseURL(.insecureHTTP) = problem { return true }
        return false
    }

    init(_ problem: Problem) {
        self.problem = problem
    }
}
