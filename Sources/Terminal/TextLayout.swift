/// Column arithmetic for text that is often Korean: Hangul and other East Asian wide characters
/// take two terminal columns, combining marks none.
public enum TextLayout {
    public static func width(of text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    public static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0 { return 0 }
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 } // Hangul medial vowels and finals join
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    /// Pads `text` with spaces to `columns` display columns.
    public static func pad(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - width(of: text)))
    }

    /// Shortens `text` to at most `columns` display columns, marking the cut with "…".
    public static func truncate(_ text: String, to columns: Int) -> String {
        guard width(of: text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = width(of: String(character))
            if used + characterWidth > columns - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }

    /// Breaks `text` into lines of at most `columns` display columns, at spaces where it can
    /// (Korean text has spaces between words) and anywhere when a word is longer than a line.
    /// `columns == nil` keeps each paragraph on one line (output to a pipe).
    public static func wrap(_ text: String, columns: Int?) -> [String] {
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let columns, columns >= 10 else { return paragraphs }
        var lines: [String] = []
        for paragraph in paragraphs {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var word = Substring(word)
                while !word.isEmpty {
                    let wordWidth = width(of: word)
                    let separator = line.isEmpty ? 0 : 1
                    if lineWidth + separator + wordWidth <= columns {
                        line += (line.isEmpty ? "" : " ") + word
                        lineWidth += separator + wordWidth
                        word = ""
                    } else if line.isEmpty {
                        // A word wider than the line: cut it at the column limit.
                        var head = ""
                        var headWidth = 0
                        var rest = word
                        while let first = rest.first, headWidth + width(of: String(first)) <= columns {
                            head.append(first)
                            headWidth += width(of: String(first))
                            rest = rest.dropFirst()
                        }
                        if head.isEmpty, let first = rest.first {
                            // One character wider than the line (a long cluster of jamo or emoji
                            // joined by ZWJ): it gets a line of its own rather than a loop forever.
                            line = String(first)
                            lineWidth = width(of: line)
                            word = rest.dropFirst()
                            continue
                        }
                        lines.append(head)
                        word = rest
                    } else {
                        lines.append(line)
                        line = ""
                        lineWidth = 0
                    }
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// Joins `parts` with `separator` into lines of at most `columns` display columns, breaking
    /// only between parts (a title's `사람인 · iOS 개발 · 경력 3년`); a part wider than a line is
    /// wrapped at its spaces. Each part is measured by its `plain` text and written as `shown`
    /// (which may carry colour escapes). `columns == nil` keeps everything on one line.
    public static func joinWrapping(_ parts: [(plain: String, shown: String)], separator: String,
                                    columns: Int?) -> [String] {
        guard let columns, columns >= 10 else { return [parts.map(\.shown).joined(separator: separator)] }
        let separatorWidth = width(of: separator)
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for part in parts {
            let partWidth = width(of: part.plain)
            if !line.isEmpty, lineWidth + separatorWidth + partWidth <= columns {
                line += separator + part.shown
                lineWidth += separatorWidth + partWidth
                continue
            }
            if !line.isEmpty { lines.append(line) }
            if partWidth <= columns {
                (line, lineWidth) = (part.shown, partWidth)
            } else {
                let wrapped = wrap(part.plain, columns: columns)
                lines += wrapped.dropLast()
                line = wrapped.last ?? ""
                lineWidth = width(of: line)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
