import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Whose entries of the report cache a process may read and write: one service (a normalised base
/// URL) and one holder of credentials on it. Entries of one scope are never served to another.
///
/// The holder is the member the stored credentials belong to (their `memIdx`, known without a
/// request, so `--offline` works). `REPORT_TOKEN` does not say whose it is, and asking
/// `GET /v1/me` would cost a request before every cached fetch and could not be done offline; so
/// its entries are kept under a SHA-256 of the token instead. A token belongs to one member, so
/// its entries serve no one else; they are not shared with the member's `auth login` entries, and
/// a new token starts with an empty cache (the old token's entries age out under the size bound).
struct CacheScope: Hashable, Sendable {
    enum Holder: Hashable, Sendable {
        /// A member, from stored credentials.
        case member(Int)
        /// A `REPORT_TOKEN`, by the hex SHA-256 of the token (the token itself is never kept).
        case tokenDigest(String)
    }

    /// The normalised base URL (`BaseURL.description`).
    let baseURL: String
    let holder: Holder

    init(baseURL: BaseURL, holder: Holder) {
        self.baseURL = baseURL.description
        self.holder = holder
    }

    /// A `REPORT_TOKEN`'s scope on `baseURL`.
    init(baseURL: BaseURL, token: String) {
        self.init(baseURL: baseURL, holder: .tokenDigest(Self.hex(SHA256.hash(data: Array(token.utf8)))))
    }

    /// The scope of stored credentials: their member on the base URL they were issued for.
    init(storedBaseURL: String, memIdx: Int) {
        baseURL = storedBaseURL
        holder = .member(memIdx)
    }

    /// The folder of the scope's entries in the cache folder: a hash, so that neither the base URL
    /// nor a token digest appears in a path, and any URL makes a valid name.
    var folderName: String {
        let holderText = switch holder {
        case .member(let memIdx): "member \(memIdx)"
        case .tokenDigest(let digest): "token \(digest)"
        }
        let digest = SHA256.hash(data: Array("report-cache 1\u{0}\(baseURL)\u{0}\(holderText)".utf8))
        return String(Self.hex(digest).prefix(32))
    }

    /// Whether `name` looks like a scope folder's name (32 lowercase hex digits).
    static func isFolderName(_ name: String) -> Bool {
        name.utf8.count == 32 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
