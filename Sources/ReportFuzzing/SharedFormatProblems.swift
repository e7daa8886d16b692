/// What the shared formats (`--format markdown|html`) must never do whatever the service sends:
/// carry a control character, let the service's text become markup — an HTML tag that is not the
/// view's own, a Markdown table row with more or fewer cells than its header.
package enum SharedFormatProblems {
    /// The elements the HTML view writes; any other `<name` came from the service.
    static let ownElements: Set<String> = [
        "!DOCTYPE", "html", "head", "meta", "title", "style", "body", "article", "header", "h1", "h2", "h3", "p",
        "span", "strong", "section", "ul", "ol", "li", "div", "svg", "rect", "path", "text",
    ]

    package static func html(_ page: String) -> [String] {
        var problems = controlCharacters(in: page, format: "HTML")
        var rest = page[...]
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            let name = rest.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber || $0 == "!" }
            if !ownElements.contains(String(name)) {
                problems.append("the HTML page has a '<' that starts no element of the view's own: \(String(rest.prefix(20)).debugDescription)")
                break
            }
        }
        if !page.hasSuffix("</html>\n") { problems.append("the HTML page does not end with </html>") }
        return problems
    }

    package static func markdown(_ text: String) -> [String] {
        var problems = controlCharacters(in: text, format: "Markdown")
        var cells: Int?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                cells = nil
                continue
            }
            let count = unescapedPipes(in: line)
            if let cells, cells != count {
                problems.append("a Markdown table row has \(count - 1) cells, its header \(cells - 1): \(String(line).debugDescription)")
                break
            }
            cells = cells ?? count
        }
        if !text.hasSuffix("\n") { problems.append("the Markdown does not end with a newline") }
        return problems
    }

    private static func controlCharacters(in text: String, format: String) -> [String] {
        guard let scalar = text.unicodeScalars.first(where: { $0 != "\n" && $0.properties.generalCategory == .control })
        else { return [] }
        return ["the \(format) holds U+\(String(scalar.value, radix: 16, uppercase: true))"]
    }

    /// The `|` that separate cells: those not escaped with a backslash.
    private static func unescapedPipes(in line: Substring) -> Int {
        var count = 0, escaped = false
        for character in line {
            if character == "|" && !escaped { count += 1 }
            escaped = character == "\\" && !escaped
        }
        return count
    }
}
