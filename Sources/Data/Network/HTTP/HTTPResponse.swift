#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The last response of a transfer (after any redirects were followed).
struct HTTPResponse: Hashable, Sendable {
    let status: Int
    /// The headers of the last response only, not of the redirects before it.
    let headers: HTTPHeaders
    /// The body after content decoding (gzip is undone by libcurl).
    let body: Data
    /// The URL that answered, after redirects.
    let url: String
    let redirectCount: Int
    /// From the start of the transfer to the last byte, redirects included.
    let totalTime: Duration
    /// "1.1", "2", … as libcurl negotiated it.
    let httpVersion: String
    /// Where a 3xx response points (its Location, resolved) when the transfer did not follow it.
    var redirectURL: String? = nil

    var isSuccess: Bool { (200...299).contains(status) }
}
