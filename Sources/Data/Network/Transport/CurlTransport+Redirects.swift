import Domain
import Terminal

// Redirects of a request with origin-only headers (`report api -H`), followed here one hop at a
// time: libcurl keeps only Authorization and Cookie from another origin (CURLOPT_UNRESTRICTED_AUTH)
// and would send every other header of the request there, an `X-Api-Key` as much as an `Accept`.
extension CurlTransport {
    /// `request` and the redirects it is answered with, as libcurl follows them (at most
    /// `maxRedirects`, never from https to http, within the total timeout), except that a hop to
    /// another origin goes without the request's origin-only headers, Authorization and Cookie.
    func performFollowingHopByHop(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let start = ContinuousClock.now
        let limit = min(options.totalTimeout, request.timeout ?? options.totalTimeout)
        let origin = Self.origin(of: request.url)
        var crossOriginHeaders = HTTPHeaders()
        let dropped = request.originOnlyHeaders.union(["authorization", "cookie"])
        for field in request.headers where !dropped.contains(field.name.lowercased()) {
            crossOriginHeaders.add(field.name, field.value)
        }
        var hop = request
        var redirects = 0
        while true {
            let response = try await transfer(hop)
            guard let location = response.redirectURL, response.status != 304 else {
                return HTTPResponse(status: response.status, headers: response.headers, body: response.body,
                                    url: response.url, redirectCount: redirects, totalTime: start.duration(to: .now),
                                    httpVersion: response.httpVersion)
            }
            guard redirects < options.maxRedirects else {
                let text = "Maximum (\(options.maxRedirects)) redirects followed"
                throw TransportError(kind: .tooManyRedirects, reason: Detail(.detailTooManyRedirects, ["detail": .data(text)]), detail: text)
            }
            guard Self.allowsRedirect(from: request.url, to: location) else {
                let text = "a redirect to \(PrintableText.oneLine(Self.scheme(of: location), maxLength: 20))"
                throw TransportError(kind: .insecureRedirect, reason: Detail(.detailInsecureRedirect, ["detail": .data(text)]),
                                     detail: "refused to follow a redirect to a scheme that is not allowed: https redirects only to https, http to http or https (\(text))")
            }
            let remaining = limit - start.duration(to: .now)
            guard remaining > .zero else {
                throw TransportError(kind: .timeout, reason: Detail(.detailRedirectsTooLong, ["milliseconds": .data("\(limit.wholeMilliseconds)")]),
                                     detail: "the request and its redirects took longer than \(limit.wholeMilliseconds) ms")
            }
            redirects += 1
            hop.url = location
            hop.timeout = remaining
            let sameOrigin = origin != nil && Self.origin(of: location) == origin
            hop.headers = sameOrigin ? request.headers : crossOriginHeaders
        }
    }

    /// A redirect never downgrades, as CURLOPT_REDIR_PROTOCOLS_STR says for libcurl's own
    /// following: from an https request only to https; from http to either.
    static func allowsRedirect(from requestURL: String, to location: String) -> Bool {
        switch scheme(of: location) {
        case "https": true
        case "http": scheme(of: requestURL) == "http"
        default: false
        }
    }

    /// The scheme of an absolute URL, lower-case.
    static func scheme(of url: String) -> String {
        url.prefix { $0 != ":" }.lowercased()
    }

    /// `scheme://host[:port]` of an absolute URL, lower-case, without credentials and without the
    /// scheme's default port; nil when `url` is not absolute.
    static func origin(of url: String) -> String? {
        guard let separator = url.firstRange(of: "://") else { return nil }
        let scheme = url[..<separator.lowerBound].lowercased()
        var authority = url[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host = authority.lowercased()
        if let defaultPort = ["http": ":80", "https": ":443"][scheme], host.hasSuffix(defaultPort) {
            host.removeLast(defaultPort.count)
        }
        guard !host.isEmpty else { return nil }
        return scheme + "://" + host
    }
}
