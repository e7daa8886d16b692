import Terminal

/// Text from the service made safe to paste into Markdown (CommonMark and GitHub's dialect): it
/// reads as the same words, never as markup — no emphasis, link, HTML tag, heading, list, table
/// cell break or math that the service did not mean, and none of the links GitHub makes of plain
/// text: no `@mention` (which notifies someone), no bare URL, `www.` address or e-mail address.
enum MarkdownText {
    /// Characters that start or end markup anywhere in a line; a backslash makes each literal
    /// (CommonMark allows a backslash before any ASCII punctuation). `#` is included for GitHub's
    /// `#123` references, `$` for its math, `&` for character references.
    private static let inlineSpecial: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "#", "$"]

    /// U+2060 WORD JOINER: invisible and of no width, it keeps the words as they read but splits
    /// the patterns GitHub turns into mentions and links, which no escape of CommonMark's covers.
    static let wordJoiner: Character = "\u{2060}"

    /// One line of inline text, escaped.
    static func inline(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        for (index, character) in characters.enumerated() {
            if inlineSpecial.contains(character) { out.append("\\") }
            out.append(character)
            if breaksAutolink(after: index, in: characters) { out.append(wordJoiner) }
        }
        return protectLineStart(out)
    }

    /// Whether a word joiner goes after `characters[index]`: after `@` before a name (a mention,
    /// a team, the domain of an e-mail address), after the `:` of `://` (a URL of any scheme),
    /// and after `www` before a dot.
    private static func breaksAutolink(after index: Int, in characters: [Character]) -> Bool {
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        switch characters[index] {
        case "@":
            return next.map { !$0.isWhitespace } ?? false
        case ":":
            return next == "/" && index + 2 < characters.count && characters[index + 2] == "/"
        case "w", "W":
            return next == "." && index >= 2 && characters[index - 2 ... index].allSatisfy { $0 == "w" || $0 == "W" }
        default:
            return false
        }
    }

    /// Text that may hold line breaks (the service's paragraphs) as Markdown block text: each line
    /// escaped and without leading spaces (four would start a code block); a line break kept as a
    /// hard break (`\` at the end of the line) and an empty line as a paragraph break.
    static func paragraphs(_ text: String, indent: String = "") -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { inline(String($0.drop { $0 == " " })) }
        var out: [String] = []
        for (index, line) in lines.enumerated() {
            if line.isEmpty {
                if out.last?.isEmpty == false { out.append("") }
                continue
            }
            let next = index + 1 < lines.count ? lines[index + 1] : ""
            out.append(indent + line + (next.isEmpty ? "" : "\\"))
        }
        while out.last?.isEmpty == true { out.removeLast() }
        return out
    }

    /// A table cell: inline text on one line (a line break as `<br>`).
    static func cell(_ text: String) -> String {
        joinedLines(text, separator: "<br>")
    }

    /// Inline text on one line, for a heading: a line break becomes a space.
    static func line(_ text: String) -> String {
        joinedLines(text, separator: " ")
    }

    private static func joinedLines(_ text: String, separator: String) -> String {
        text.split(separator: "\n").map { inline(String($0.drop { $0 == " " })) }.joined(separator: separator)
    }

    /// A code span that shows `text` exactly: fenced with more backticks than any run inside it,
    /// and padded with a space when it starts or ends with a backtick. A line break becomes a space.
    static func code(_ text: String) -> String {
        let flat = String(text.map { $0 == "\n" ? " " : $0 })
        var longest = 0, run = 0
        for character in flat {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = flat.hasPrefix("`") || flat.hasSuffix("`") || (flat.hasPrefix(" ") && flat.hasSuffix(" ") && !flat.allSatisfy { $0 == " " })
            ? " " + flat + " " : flat
        return fence + padded + fence
    }

    /// A line that would start a block — a list item (`-`, `+`, `1.`), a setext underline (`=`)
    /// or a thematic break — has that character escaped. (`#`, `>` and `*` are escaped anywhere.)
    private static func protectLineStart(_ line: String) -> String {
        guard let first = line.first else { return line }
        if first == "-" || first == "+" || first == "=" { return "\\" + line }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, digits.count <= 9, let marker = line.dropFirst(digits.count).first, marker == "." || marker == ")" {
            return digits + "\\" + line.dropFirst(digits.count)
        }
        return line
    }

    /// A table whose columns line up in the raw text too (padded to display width, so Hangul
    /// counts twice); the last column is not padded, since nothing follows it.
    static func table(header: [String], rows: [[String]]) -> [String] {
        let columns = header.count
        var widths = header.map { TextLayout.width(of: $0) }
        for row in rows {
            for (index, cell) in row.enumerated() where index < columns {
                widths[index] = max(widths[index], TextLayout.width(of: cell))
            }
        }
        widths = widths.map { max($0, 3) }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { index, cell in
                index == columns - 1 ? cell : TextLayout.pad(cell, to: widths[index])
            }
            return ("| " + padded.joined(separator: " | ") + " |")
        }
        let rule = "| " + widths.enumerated().map { index, width in
            String(repeating: "-", count: index == columns - 1 ? 3 : width)
        }.joined(separator: " | ") + " |"
        return [line(header), rule] + rows.map(line)
    }
}
