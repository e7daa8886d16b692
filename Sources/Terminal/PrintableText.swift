/// Makes text from the service, a library or the user safe to print: control characters (which
/// could break the line or rewrite the terminal), bidi overrides and other unprintable scalars go.
/// The program's one sanitiser: DTO mapping, error lines, the request log and the CLI's messages.
public enum PrintableText {
    /// Drops control characters (escape sequences included), folds every run of whitespace into one
    /// space and cuts the result to `maxLength` characters, marking a cut with "…".
    /// (A `String` overload beside each generic one: the DTO mapping calls these for every string
    /// of every report, from another module, where a generic call is not specialised.)
    public static func oneLine(_ text: some StringProtocol, maxLength: Int = 200) -> String {
        oneLine(String(text), maxLength: maxLength)
    }

    public static func oneLine(_ text: String, maxLength: Int = 200) -> String {
        var result = ""
        var pendingSpace = false
        var count = 0
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if isUnprintable(scalar) { continue }
            if pendingSpace {
                result.unicodeScalars.append(" ")
                count += 1
                pendingSpace = false
            }
            result.unicodeScalars.append(scalar)
            count += 1
            if count >= maxLength {
                return result + "…"
            }
        }
        return result
    }

    /// Text from the service, made safe to print: what `oneLine` would keep, except that line
    /// breaks (`\n`, `\r\n`, `\r`, U+2028, U+2029) become `\n` and the text is neither folded nor cut.
    /// A tab becomes a space; zero-width joiners and other format characters that draw nothing
    /// harmful stay (emoji sequences need them), but bidi overrides and isolates go.
    public static func paragraphs(_ text: some StringProtocol) -> String {
        paragraphs(String(text))
    }

    public static func paragraphs(_ text: String) -> String {
        // Nearly every string the service sends is already clean: keep it as it is, decided
        // without the Unicode tables (this runs for every string of every report).
        if isPlain(text, newlines: true) { return text }
        var result = ""
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\n" where afterCarriageReturn: continue
            case "\n", "\r", "\u{2028}", "\u{2029}": result.unicodeScalars.append("\n")
            case "\t": result.unicodeScalars.append(" ")
            default:
                if isUnprintable(scalar) && scalar.properties.generalCategory != .format || isBidiControl(scalar) {
                    continue
                }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Text from the service that the views show on one line (a name, a title, a code): line
    /// breaks and tabs become spaces, the rest as `paragraphs`.
    public static func line(_ text: some StringProtocol) -> String {
        line(String(text))
    }

    public static func line(_ text: String) -> String {
        if isPlain(text, newlines: false) { return text }
        return String(String.UnicodeScalarView(paragraphs(text).unicodeScalars.map { $0 == "\n" ? " " : $0 }))
    }

    /// Bytes received for a person to read whole (`report api`'s body on a terminal): nothing is
    /// dropped, but nothing can act on the terminal either. `\r\n` and `\r` become `\n`, tabs
    /// stay; other C0 controls and DEL are shown in caret notation (ESC is `^[`, BEL `^G`), and C1
    /// controls, bidi controls, U+2028, U+2029 and other unprintable scalars as `<U+XXXX>`, as
    /// less shows them. Bytes that are not UTF-8 become U+FFFD.
    public static func visible(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x09 }) { return bytes }
        var result = ""
        result.reserveCapacity(bytes.count)
        var afterCarriageReturn = false
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar.value {
            case 0x0A where afterCarriageReturn: continue
            case 0x0A, 0x0D: result.unicodeScalars.append("\n")
            case 0x09: result.unicodeScalars.append(scalar)
            case 0x00..<0x20: result += "^" + String(Unicode.Scalar(UInt8(scalar.value) + 0x40))
            case 0x7F: result += "^?"
            default:
                if isPlainPrintable(scalar)
                    || !isBidiControl(scalar) && (!isUnprintable(scalar) || scalar.properties.generalCategory == .format) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += "<U+" + hex(scalar.value) + ">"
                }
            }
        }
        return Array(result.utf8)
    }

    /// At least four upper-case hexadecimal digits, as `U+` notation writes them.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Printable scalars that every function here keeps as they are, recognised by their range
    /// alone: printable ASCII, Latin-1's letters and signs, Hangul (syllables, jamo, compatibility
    /// jamo) and CJK ideographs — what the service's Korean text is made of. Anything else goes
    /// through the Unicode properties.
    private static func isPlainPrintable(_ scalar: Unicode.Scalar) -> Bool {
        isPlainPrintable(scalar.value)
    }

    private static func isPlainPrintable(_ value: UInt32) -> Bool {
        switch value {
        case 0x20...0x7E, 0xA1...0xAC, 0xAE...0xFF, 0x1100...0x11FF, 0x3131...0x318E, 0x4E00...0x9FEF, 0xAC00...0xD7A3:
            true
        default:
            false
        }
    }

    /// Whether every scalar of `text` is plain printable (or, with `newlines`, a line feed):
    /// decided on its UTF-8, which a String holds valid, without going through its scalar view
    /// (this runs for every string of every report). Beyond the BMP nothing is plain.
    private static func isPlain(_ text: String, newlines: Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                if lead < 0x80 {
                    // ASCII, most of it: printable, or a line feed where lines are kept.
                    guard lead &- 0x20 < 0x5F || newlines && lead == 0x0A else { return false }
                    index += 1
                    continue
                }
                let value: UInt32
                switch lead {
                case 0xC0..<0xE0:
                    value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                    index += 2
                case 0xE0..<0xF0:
                    value = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                    index += 3
                    // Hangul syllables, most of the rest, before the other ranges.
                    if value &- 0xAC00 <= 0xD7A3 - 0xAC00 { continue }
                default:
                    return false
                }
                guard isPlainPrintable(value) else { return false }
            }
            return true
        }
    }

    /// Embeddings, overrides and isolates reorder what follows them on the line (Trojan Source).
    private static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            || scalar.value == 0x200E || scalar.value == 0x200F || scalar.value == 0x061C
    }

    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator:
            true
        default:
            false
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace (spaces, tabs, line breaks, CR of CRLF
    /// files) and byte-order marks (a BOM at the start of a file). The program's one trim.
    public func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace || $0 == "\u{FEFF}" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
