import Foundation
import Hummingbird

/// Builds the API's JSON responses: deterministic bytes, the contract's Content-Type, and ETags.
enum JSONResponse {
    static let contentType = "application/json; charset=utf-8"

    /// Sorted keys keep the output byte-stable, so ETags only change when the data does.
    static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        let body = try encode(value)
        var fields: HTTPFields = [.contentType: contentType]
        fields.append(contentsOf: headers)
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// A 200 with an `ETag`, or a body-less 304 when the request's `If-None-Match` already has it.
    /// `cacheControl`, when given, goes on either (a 304 carries what the 200 would, RFC 9111
    /// §4.3.4). Without `etags` (`--no-etag`) there is no ETag and never a 304.
    static func cacheable(_ value: some Encodable, for request: Request, cacheControl: String? = nil,
                          etags: Bool = true) throws -> Response {
        let body = try encode(value)
        var fields: HTTPFields = [:]
        if etags {
            let tag = EntityTag(body: body)
            fields[.eTag] = tag.value
            if let cacheControl { fields[.cacheControl] = cacheControl }
            if let ifNoneMatch = request.headers[values: .ifNoneMatch].nonEmptyJoined, tag.isMatched(byIfNoneMatch: ifNoneMatch) {
                return Response(status: .notModified, headers: fields)
            }
        } else if let cacheControl {
            fields[.cacheControl] = cacheControl
        }
        fields[.contentType] = contentType
        return Response(status: .ok, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

private extension Array where Element == String {
    var nonEmptyJoined: String? { isEmpty ? nil : joined(separator: ",") }
}
