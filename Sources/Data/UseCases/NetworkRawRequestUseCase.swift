import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Terminal

/// `report api PATH`: one request to any path of the service, for exploring the API and for
/// scripts that need an endpoint before it has a command — through the same machinery as every
/// other request (token refresh and one retry after a 401, retries of idempotent methods, the log
/// hook), its body returned as bytes. The request never leaves the service's origin and base path.
public struct NetworkRawRequestUseCase: Sendable {
    let network: Network<Never>
    let requester: ServiceRequester

    /// The response when its status is 2xx. Any other status throws the `ReportError` it maps
    /// to, as for every other request; so do transport failures.
    public func send(_ raw: RawRequest) async throws -> RawResponse {
        guard let method = HTTPMethod(rawValue: raw.method) else {
            throw ReportError.invalidRequest(Detail(.detailRawBadMethod, ["method": .data(PrintableText.oneLine(raw.method, maxLength: 20))]))
        }
        let url = try Self.url(of: raw.path, on: network.baseURL)
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if raw.body != nil { headers.add("Content-Type", "application/json") }
        for header in raw.headers {
            headers.remove(header.name)
        }
        for header in raw.headers {
            headers.add(header.name, header.value)
        }
        // A user's own Authorization header is sent as given, and nothing is refreshed for it.
        let ownAuthorization = headers["Authorization"] != nil
        let response = try await requester.perform(authenticated: !ownAuthorization) { token async throws(NetworkError) in
            var request = HTTPRequest(method: method, url: url, headers: headers, body: raw.body.map { Data($0) })
            // What the user added goes only to the service: an `X-Api-Key` is as secret as a token.
            request.originOnlyHeaders = Set(raw.headers.map { $0.name.lowercased() })
            if let token { request.headers.add("Authorization", "Bearer \(token)") }
            return try await network.rawResponse(request)
        }
        return RawResponse(status: response.status, httpVersion: response.httpVersion,
                           headers: response.headers.map { RawHeader(name: $0.name, value: $0.value) },
                           body: Array(response.body))
    }

    /// The absolute URL of `path` on `base`: a path (with or without its leading `/`, with an
    /// optional query) is put under the base URL; an absolute URL must be on the base URL's origin
    /// and path already. Characters a URL cannot carry are percent-encoded; control characters and
    /// fragments are refused.
    static func url(of path: String, on base: BaseURL) throws(ReportError) -> String {
        var relative = Substring(path)
        let lowered = path.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            let prefix = base.description
            let sameService = lowered.hasPrefix(prefix.lowercased())
                && (path.count == prefix.count || ["/", "?"].contains(path[path.index(path.startIndex, offsetBy: prefix.count)]))
            guard sameService else {
                throw .invalidRequest(Detail(.detailRawNotOnBase, ["baseURL": .data(base.description)]))
            }
            relative = path.dropFirst(prefix.count)
        } else if path.prefix(while: { $0 != "/" && $0 != "?" }).contains(":") || path.hasPrefix("//") {
            throw .invalidRequest(Detail(.detailRawNotAPath, ["value": .data(PrintableText.oneLine(Redactor.url(path), maxLength: 80))]))
        }
        guard !relative.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidRequest(Detail(.detailRawControl))
        }
        guard !relative.contains("#") else {
            throw .invalidRequest(Detail(.detailRawFragment))
        }
        if !relative.hasPrefix("/") { relative = "/" + relative }
        if let segment = dotSegment(in: relative) {
            throw .invalidRequest(Detail(.detailRawDotSegment, ["segment": .data(PrintableText.oneLine(segment, maxLength: 80))]))
        }
        return base.origin + base.pathPrefix + PercentEncoding.encodePathAndQuery(relative)
    }

    /// The first segment of the path (before any query) that a server may take for `.` or `..`:
    /// refused rather than normalised, since only the server knows how it reads it. A segment is
    /// read as the servers that resolve the most read it — percent-decoded (twice over, for a
    /// server that decodes again: `%252e`), split again at an encoded slash or backslash
    /// (`..%2fx`, `%2e%2e%5cx`), and cut at a `;` (`..;/x`, a path parameter to Tomcat and Jetty) —
    /// and refused if any piece is `.` or `..`. libcurl would resolve only the raw ones itself.
    private static func dotSegment(in relative: Substring) -> Substring? {
        let path = relative.prefix { $0 != "?" }
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) where isDotSegment(segment) {
            return segment
        }
        return nil
    }

    private static func isDotSegment(_ segment: Substring) -> Bool {
        var text = Array(segment.utf8)
        for _ in 0..<3 {
            let pieces = text.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }
            for piece in pieces {
                let name = piece.prefix { $0 != UInt8(ascii: ";") }
                if name.elementsEqual(".".utf8) || name.elementsEqual("..".utf8) { return true }
            }
            let decoded = percentDecoded(text)
            if decoded == text { break }
            text = decoded
        }
        return false
    }

    /// `%XX` replaced by its byte; anything else (a `%` without two hex digits) kept.
    private static func percentDecoded(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
