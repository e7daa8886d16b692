import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One kept response: the body exactly as the service sent it (so that it is decoded by the DTO's
/// one decoder, like a fresh body) and the `ETag` to send back in `If-None-Match`.
///
/// On disk, a few header lines, an empty line, then the body:
///
///     report-cache 1
///     key 0f3c…/report-1001
///     etag "9c1d3f0a5be27e44"
///     sha256 5e88…
///     length 2931
///
///     {"result":{…}}
///
/// A file is used only if every line is there, in this order, its key is the one asked for (a
/// file moved to another scope's folder is not that scope's), and the body has exactly `length`
/// bytes with that SHA-256. Anything else — truncated, corrupt, another version — is not an entry.
struct CacheEntry: Sendable, Equatable {
    static let magic = "report-cache 1"
    /// The header is a few hundred bytes; a longer one is not ours.
    static let maxHeaderBytes = 2048
    /// An ETag is a short quoted string; one longer than this, or with a control character, is not kept.
    static let maxETagBytes = 512

    let key: String
    let etag: String
    let body: Data

    /// Whether the service's `ETag` can be kept and sent back: visible ASCII and spaces, short.
    static func isKeepable(etag: String) -> Bool {
        !etag.isEmpty && etag.utf8.count <= maxETagBytes && etag.utf8.allSatisfy { (0x20...0x7e).contains($0) }
    }

    /// The file's bytes.
    func encoded() -> [UInt8] {
        let header = "\(Self.magic)\nkey \(key)\netag \(etag)\nsha256 \(Self.digest(of: body))\nlength \(body.count)\n\n"
        return Array(header.utf8) + body
    }

    /// The entry `bytes` hold, if they are a whole, intact entry for `key`; why not otherwise.
    /// Read as bytes, not as text: this runs for every kept term of a batch.
    static func decode(_ bytes: [UInt8], key expectedKey: String) -> Result<CacheEntry, Damage> {
        var position = 0
        /// The next header line's value when it starts with `name` and a space.
        func line(_ name: String) -> ArraySlice<UInt8>? {
            let prefix = Array(name.utf8) + [0x20]
            guard bytes.count - position > prefix.count, bytes[position..<position + prefix.count].elementsEqual(prefix),
                  let end = bytes[position...].prefix(maxHeaderBytes).firstIndex(of: 0x0a) else { return nil }
            defer { position = end + 1 }
            return bytes[(position + prefix.count)..<end]
        }
        guard let version = line("report-cache"), version.elementsEqual([0x31]) else {
            return .failure(Damage("not a version-1 entry"))
        }
        guard let key = line("key"), let etagBytes = line("etag"), let digest = line("sha256"),
              let lengthText = line("length"), position < bytes.count, bytes[position] == 0x0a else {
            return .failure(Damage("a header line is missing"))
        }
        guard key.elementsEqual(expectedKey.utf8) else {
            return .failure(Damage("it belongs to \(String(decoding: key, as: UTF8.self))"))
        }
        let etag = String(decoding: etagBytes, as: UTF8.self)
        guard isKeepable(etag: etag) else { return .failure(Damage("its ETag is malformed")) }
        guard !lengthText.isEmpty, lengthText.count <= 10, lengthText.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return .failure(Damage("its length is malformed"))
        }
        let length = lengthText.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        let bodyStart = position + 1
        guard bytes.count - bodyStart == length else {
            return .failure(Damage("\(bytes.count - bodyStart) bytes of body, not \(length) (truncated?)"))
        }
        let body = Data(bytes[bodyStart...])
        guard digest.elementsEqual(Self.digest(of: body).utf8) else {
            return .failure(Damage("its checksum does not match (corrupt)"))
        }
        return .success(CacheEntry(key: expectedKey, etag: etag, body: body))
    }

    static func digest(of body: Data) -> String {
        CacheScope.hex(SHA256.hash(data: body))
    }

    /// Why a file is not a usable entry: said by `--verbose`, never an error.
    struct Damage: Error, Sendable, Equatable, CustomStringConvertible {
        let description: String

        init(_ description: String) {
            self.description = description
        }
    }
}
