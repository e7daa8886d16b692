import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One kept response: the body exactly as the service sent it (so that it is decoded by the DTO's
/// one decoder, like a fresh body), the `ETag` to send back in `If-None-Match` (none when the
/// service sent none), and until when it is fresh (`CacheFreshness`).
///
/// On disk, a few header lines, an empty line, then the body:
///
///     report-cache 2
///     key 0f3c…/report-1001
///     etag "9c1d3f0a5be27e44"
///     fresh-until 1764150000000000000
///     sha256 5e88…
///     length 2931
///
///     {"result":{…}}
///
/// `etag` is empty when the service sent none; `fresh-until` is in nanoseconds since 1970, 0 when
/// the entry is never fresh (no `max-age`, or `no-cache`). A version-1 entry (written before
/// freshness was kept: no `fresh-until` line, an ETag always) is still read, as never fresh.
/// A file is used only if every line is there, in this order, its key is the one asked for (a
/// file moved to another scope's folder is not that scope's), and the body has exactly `length`
/// bytes with that SHA-256. Anything else — truncated, corrupt, another version — is not an entry.
struct CacheEntry: Sendable, Equatable {
    static let magic = "report-cache 2"
    /// The header is a few hundred bytes; a longer one is not ours.
    static let maxHeaderBytes = 2048
    /// An ETag is a short quoted string; one longer than this, or with a control character, is not kept.
    static let maxETagBytes = 512

    let key: String
    /// Nil when the service sent no ETag: the entry is then fetched again whole once stale.
    let etag: String?
    /// Nanoseconds since 1970 until which the entry may be used without asking; 0: never.
    let freshUntil: Int64
    let body: Data

    init(key: String, etag: String?, freshUntil: Int64 = 0, body: Data) {
        self.key = key
        self.etag = etag
        self.freshUntil = freshUntil
        self.body = body
    }

    /// Whether it may be used without asking the service at `now` (ns since 1970).
    func isFresh(at now: Int64) -> Bool { CacheFreshness.isFresh(until: freshUntil, now: now) }

    /// Whether the service's `ETag` can be kept and sent back: visible ASCII and spaces, short.
    static func isKeepable(etag: String) -> Bool {
        !etag.isEmpty && etag.utf8.count <= maxETagBytes && etag.utf8.allSatisfy { (0x20...0x7e).contains($0) }
    }

    /// The file's bytes.
    func encoded() -> [UInt8] {
        let header = "\(Self.magic)\nkey \(key)\netag \(etag ?? "")\nfresh-until \(max(0, freshUntil))\nsha256 \(Self.digest(of: body))\nlength \(body.count)\n\n"
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
        guard let version = line("report-cache"), version.elementsEqual([0x31]) || version.elementsEqual([0x32]) else {
            return .failure(Damage("not a version-1 or version-2 entry"))
        }
        let isVersion1 = version.elementsEqual([0x31])
        guard let key = line("key"), let etagBytes = line("etag") else {
            return .failure(Damage("a header line is missing"))
        }
        let freshText = isVersion1 ? ArraySlice("0".utf8) : line("fresh-until")
        guard let freshText, let digest = line("sha256"),
              let lengthText = line("length"), position < bytes.count, bytes[position] == 0x0a else {
            return .failure(Damage("a header line is missing"))
        }
        guard key.elementsEqual(expectedKey.utf8) else {
            return .failure(Damage("it belongs to \(String(decoding: key, as: UTF8.self))"))
        }
        let etag: String? = etagBytes.isEmpty && !isVersion1 ? nil : String(decoding: etagBytes, as: UTF8.self)
        if let etag, !isKeepable(etag: etag) { return .failure(Damage("its ETag is malformed")) }
        guard let freshUntil = number(freshText, digits: 19) else { return .failure(Damage("its freshness is malformed")) }
        guard let length = number(lengthText, digits: 10) else { return .failure(Damage("its length is malformed")) }
        let bodyStart = position + 1
        guard bytes.count - bodyStart == length else {
            return .failure(Damage("\(bytes.count - bodyStart) bytes of body, not \(length) (truncated?)"))
        }
        let body = Data(bytes[bodyStart...])
        guard digest.elementsEqual(Self.digest(of: body).utf8) else {
            return .failure(Damage("its checksum does not match (corrupt)"))
        }
        return .success(CacheEntry(key: expectedKey, etag: etag, freshUntil: Int64(freshUntil), body: body))
    }

    /// The decimal number `text` holds: 1 to `digits` digits, nothing else.
    private static func number(_ text: ArraySlice<UInt8>, digits: Int) -> Int? {
        guard !text.isEmpty, text.count <= digits, text.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        var value = 0
        for digit in text {
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowToo) = times10.addingReportingOverflow(Int(digit - 0x30))
            if overflow || overflowToo { return nil }
            value = sum
        }
        return value
    }

    /// Until when a kept header says the entry is fresh, read from the first bytes of its file
    /// (for `report cache info`, which does not check the body): nil when they are not an entry's.
    static func freshUntil(header bytes: [UInt8]) -> Int64? {
        guard let end = bytes.firstRange(of: [0x0a, 0x0a])?.lowerBound else { return nil }
        let lines = bytes[..<end].split(separator: 0x0a)
        guard lines.first?.elementsEqual(Array(magic.utf8)) == true else { return nil }
        let prefix = Array("fresh-until ".utf8)
        guard let line = lines.first(where: { $0.starts(with: prefix) }),
              let value = number(line.dropFirst(prefix.count), digits: 19) else { return nil }
        return Int64(value)
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
