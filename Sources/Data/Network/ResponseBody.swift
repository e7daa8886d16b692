#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a response body's bytes become a DTO. Each DTO has exactly one way: the report's hot ones
/// read themselves with `JSONReader` (`JSONBodyReadable`), the others decode with JSONDecoder. A
/// body that does not fit is `.decoding` with a key saying why.
protocol ResponseBody: Sendable {
    static func decode(body: Data) throws(NetworkError) -> Self
}

extension ResponseBody where Self: Decodable {
    static func decode(body: Data) throws(NetworkError) -> Self {
        do {
            return try JSONDecoder().decode(Self.self, from: body)
        } catch {
            throw .decoding(DecodingFailure.detail(error))
        }
    }
}

extension ResponseBody where Self: JSONBodyReadable {
    static func decode(body: Data) throws(NetworkError) -> Self {
        do {
            return try read(body: body)
        } catch {
            throw .decoding(error.detail)
        }
    }
}

/// `report api`'s network decodes nothing.
extension Never: ResponseBody {}
