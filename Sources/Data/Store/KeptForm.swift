import CChecksum
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the store keeps beside a response's body: the value the body was mapped to (an
/// `AnalysisResult`, an `InterviewTerm`, a `VideoReport`), laid out so that a kept copy is read
/// back without JSON or the mapping. Decoding a report's JSON, checking every string of it and
/// cleaning it for the terminal is most of what a response costs once it has arrived; a 304 or a
/// fresh row that skips it costs less than a download (`Benchmarks/store.py`). A row gets its
/// form the first time it is read back, not when it is kept.
///
/// A row's form (`Writer.sealed`):
/// - 4 bytes: `R`, `K`, `F` and `version`;
/// - 4 bytes: its maker, big-endian: which build of `report` made it (`ReportStore.formMaker`: a
///   build may map a body otherwise — clean its text by another rule — so a form another build
///   made is made again);
/// - 4 bytes: the CRC-32C of the body it was made from, big-endian (the row's `checksum`): a form
///   is never read for another body than the one it was made from, whoever replaced that body;
/// - 4 bytes: the CRC-32C of everything after them, big-endian;
/// - the value, in the order its type writes it: a string as its length in bytes (LEB128) and its
///   UTF-8 (checked when read, as a string from JSON is); an integer as a zigzag LEB128; an array
///   as its count, then its items; an optional as 0 (absent) or 1 and the value.
///
/// A form that is not sealed for its row's body by this build, or that does not read (a checksum
/// that does not match, a string cut inside a character, bytes left over) is not used: the body
/// is decoded, as a fresh one is, and the form made again.
enum KeptForm {
    /// Changes whenever what a form holds or how it is laid out changes, so that forms made by
    /// another build of `report` are made again rather than misread (development builds, whose
    /// maker names only the version number, have only this to tell them apart).
    static let version: UInt8 = 1
    /// The magic and version, the maker and the two checksums.
    static let header = 16

    struct Unreadable: Error {}

    /// Whether `form` is whole, made by `maker` from the body whose CRC-32C is `bodyChecksum` (the
    /// row's `checksum`: 4 bytes, big-endian).
    static func isSealed(_ form: UnsafeRawBufferPointer, for bodyChecksum: some Collection<UInt8>, maker: UInt32) -> Bool {
        guard bodyChecksum.count == 4, form.count >= header, form[0] == 0x52, form[1] == 0x4B, form[2] == 0x46,
              form[3] == version, bigEndian(form, at: 4) == maker, form[8..<12].elementsEqual(bodyChecksum) else { return false }
        let rest = UnsafeRawBufferPointer(rebasing: form[header...])
        return bigEndian(form, at: 12) == report_crc32c(rest.baseAddress, rest.count)
    }

    private static func bigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        (offset..<offset + 4).reduce(0) { $0 << 8 | UInt32(bytes[$1]) }
    }

    /// Lays a value out, in the order it is read back.
    struct Writer {
        private var form: [UInt8]

        init() {
            form = [0x52, 0x4B, 0x46, version] + [UInt8](repeating: 0, count: header - 4)
            form.reserveCapacity(512)
        }

        mutating func string(_ value: String) {
            var value = value
            value.withUTF8 { utf8 in
                number(UInt64(utf8.count))
                form.append(contentsOf: utf8)
            }
        }

        mutating func optionalString(_ value: String?) {
            flag(value != nil)
            if let value { string(value) }
        }

        mutating func int(_ value: Int) {
            let wide = Int64(value)
            number(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
        }

        mutating func count(_ value: Int) {
            number(UInt64(value))
        }

        mutating func flag(_ value: Bool) {
            form.append(value ? 1 : 0)
        }

        /// 0 for nil, or 1 and what `write` writes of the value.
        mutating func optional<Value>(_ value: Value?, _ write: (inout Writer, Value) -> Void) {
            flag(value != nil)
            if let value { write(&self, value) }
        }

        /// The count of `items`, then what `write` writes of each.
        mutating func array<Items: Collection>(_ items: Items, _ write: (inout Writer, Items.Element) -> Void) {
            count(items.count)
            for item in items { write(&self, item) }
        }

        private mutating func number(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                form.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            form.append(UInt8(value))
        }

        /// The form as a row keeps it, made by `maker` from the body whose CRC-32C is `bodyChecksum`.
        consuming func sealed(bodyChecksum: UInt32, maker: UInt32) -> [UInt8] {
            var form = form
            form.withUnsafeMutableBufferPointer { bytes in
                let crc = report_crc32c(bytes.baseAddress! + header, bytes.count - header)
                for (index, value) in [maker, bodyChecksum, crc].enumerated() {
                    for byte in 0..<4 { bytes[4 + index * 4 + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * byte)) }
                }
            }
            return form
        }
    }

    /// Reads a sealed form's value back in the order it was written; each string is checked as
    /// UTF-8 as it is read, as a string from JSON is.
    struct Reader {
        private let form: [UInt8]
        private var position = header

        /// `form`, already found sealed for its row (`isSealed`).
        init(_ form: [UInt8]) throws(Unreadable) {
            guard form.count >= header else { throw Unreadable() }
            self.form = form
        }

        mutating func string() throws(Unreadable) -> String {
            let count = try number()
            guard count <= UInt64(form.count - position) else { throw Unreadable() }
            let start = position, end = position + Int(count)
            let value = form.withUnsafeBufferPointer { bytes in JSONReader.validUTF8(UnsafeBufferPointer(rebasing: bytes[start..<end])) }
            guard let value else { throw Unreadable() }
            position = end
            return value
        }

        mutating func optionalString() throws(Unreadable) -> String? {
            try flag() ? try string() : nil
        }

        mutating func int() throws(Unreadable) -> Int {
            let zigzag = try number()
            let wide = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
            guard let value = Int(exactly: wide) else { throw Unreadable() }
            return value
        }

        /// A count of items, each of which takes at least a byte.
        mutating func count() throws(Unreadable) -> Int {
            let value = try number()
            guard value <= UInt64(form.count - position) else { throw Unreadable() }
            return Int(value)
        }

        mutating func flag() throws(Unreadable) -> Bool {
            guard position < form.count, form[position] <= 1 else { throw Unreadable() }
            position += 1
            return form[position - 1] == 1
        }

        /// nil, or the value `read` reads.
        mutating func optional<Value>(_ read: (inout Reader) throws(Unreadable) -> Value) throws(Unreadable) -> Value? {
            try flag() ? try read(&self) : nil
        }

        /// `count` items read by `item`.
        mutating func array<Item>(_ item: (inout Reader) throws(Unreadable) -> Item) throws(Unreadable) -> [Item] {
            let count = try count()
            var items: [Item] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(try item(&self)) }
            return items
        }

        /// Throws unless everything written was read.
        func finish() throws(Unreadable) {
            guard position == form.count else { throw Unreadable() }
        }

        /// A LEB128 number of at most ten bytes.
        private mutating func number() throws(Unreadable) -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while position < form.count, shift < 64 {
                let byte = form[position]
                position += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            throw Unreadable()
        }
    }
}
