/// Builds gzip bodies by hand (no zlib in the test target): stored blocks for ordinary data, and a
/// "bomb" of fixed-Huffman back-references that inflates a few kilobytes into megabytes.
public enum Gzip {
    /// `data` in stored (uncompressed) deflate blocks.
    public static func stored(_ data: [UInt8]) -> [UInt8] {
        var deflate: [UInt8] = []
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let isFinal = offset + count == data.count
            deflate.append(isFinal ? 1 : 0)  // BFINAL, BTYPE 00, padding to the byte boundary
            deflate += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            deflate += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        return wrap(deflate, crc: crc32(data), size: data.count)
    }

    /// One "a" followed by `matches` copies of 258 bytes back-referencing it (distance 1):
    /// 13 bits on the wire for every 258 bytes decoded.
    public static func bomb(matches: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
        bits.writeHuffman(0x30 + 0x61, length: 8)  // literal "a"
        for _ in 0..<matches {
            bits.writeHuffman(0xC0 + 5, length: 8)  // length symbol 285: 258 bytes
            bits.writeHuffman(0, length: 5)  // distance code 0: distance 1
        }
        bits.writeHuffman(0, length: 7)  // end of block (256)
        let size = 1 + 258 * matches
        var crc = CRC32()
        crc.update(repeating: 0x61, count: size)
        return wrap(bits.finished, crc: crc.value, size: size)
    }

    private static func wrap(_ deflate: [UInt8], crc: UInt32, size: Int) -> [UInt8] {
        let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        return header + deflate + littleEndian(crc) + littleEndian(UInt32(truncatingIfNeeded: size))
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    public static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc = CRC32()
        for byte in data { crc.update(byte) }
        return crc.value
    }

    private struct BitWriter {
        var bytes: [UInt8] = []
        private var current: UInt32 = 0
        private var used = 0

        mutating func write(_ value: UInt32, count: Int) {
            for index in 0..<count {
                current |= ((value >> index) & 1) << used
                used += 1
                if used == 8 { flushByte() }
            }
        }

        /// Huffman codes go most significant bit first.
        mutating func writeHuffman(_ code: UInt32, length: Int) {
            var reversed: UInt32 = 0
            for index in 0..<length { reversed |= ((code >> index) & 1) << (length - 1 - index) }
            write(reversed, count: length)
        }

        private mutating func flushByte() {
            bytes.append(UInt8(current))
            current = 0
            used = 0
        }

        var finished: [UInt8] {
            used > 0 ? bytes + [UInt8(current)] : bytes
        }
    }

    private struct CRC32 {
        private static let table: [UInt32] = (0..<256).map { index in
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            return value
        }

        private var crc: UInt32 = 0xFFFF_FFFF

        mutating func update(_ byte: UInt8) {
            crc = Self.table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }

        mutating func update(repeating byte: UInt8, count: Int) {
            for _ in 0..<count { update(byte) }
        }

        var value: UInt32 { crc ^ 0xFFFF_FFFF }
    }
}
