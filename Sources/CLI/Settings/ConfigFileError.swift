import Domain
import Presentation
import Terminal
/// A problem in `config.toml`: `…/config.toml:3: unknown key 'colour'`.
struct ConfigFileError: Error, Hashable, Sendable, CustomStringConvertible {
    let path: String
    /// 1-based; nil when the problem is not on one line (the file cannot be read at all).
    let line: Int?
    /// What is wrong, as the catalog says it: a key and its values, chosen where it was found.
    let problem: Detail

    init(path: String, line: Int?, _ key: Detail.Key, _ values: [String: Detail.Value] = [:]) {
        self.path = path
        self.line = line
        // The file's own text (a key, a value) printable on one line.
        problem = Detail(key, values.mapValues { value in
            guard case .data(let text) = value else { return value }
            return .data(PrintableText.oneLine(text, maxLength: 200))
        })
    }

    /// The problem in English, without the path: `config list --json`'s `message`.
    var message: String { Words.english.said(problem) }

    /// One printable line of at most about 300 characters in English (`--json`'s): the path and
    /// the file's own text may hold control characters or be long, and the line ends up on a terminal.
    var description: String { description(in: .english) }

    /// The line in `words`' language: the path and line as they are, the problem said by the catalog.
    func description(in words: Words) -> String {
        PrintableText.oneLine(words.said(detail), maxLength: 300)
    }

    /// The path (and line) with the problem, as a detail inside another line (`not changed: …`).
    var detail: Detail {
        guard let line else { return Detail(.detailFileSystem, ["path": .data(PrintableText.oneLine(path)), "detail": .detail(problem)]) }
        return Detail(.detailConfigAtLine, ["path": .data(PrintableText.oneLine(path)), "line": .data("\(line)"), "detail": .detail(problem)])
    }
}

extension TOMLLineScanner.Problem {
    /// The scanner's problem with a line, as the catalog says it.
    var detail: Detail {
        switch self {
        case .arrayOfTables: Detail(.detailTOMLArrayTables)
        case .unclosedHeader: Detail(.detailTOMLCloseHeader)
        case .unknownTable(let name): Detail(.detailTOMLUnknownTable, ["name": .data(name)])
        case .dottedKey: Detail(.detailTOMLDottedKey)
        case .expectedEquals(let key): Detail(.detailTOMLExpectedEquals, ["key": .data(key)])
        case .noValue(let key): Detail(.detailTOMLNoValue, ["key": .data(key)])
        case .notAString(let key): Detail(.detailTOMLNotString, ["key": .data(key)])
        case .unexpected(let character): Detail(.detailTOMLUnexpected, ["character": .data(character)])
        case .expectedKey: Detail(.detailTOMLExpectedKey)
        case .unexpectedAfterValue(let character): Detail(.detailTOMLAfterValue, ["character": .data(character)])
        case .multiLineString: Detail(.detailTOMLMultiLine)
        case .unescapedControl: Detail(.detailTOMLControlEscaped)
        case .unclosedBasicString: Detail(.detailTOMLNotClosedDouble)
        case .incompleteEscape(let escape): Detail(.detailTOMLIncompleteEscape, ["escape": .data(escape)])
        case .invalidEscape(let escape): Detail(.detailTOMLInvalidEscape, ["escape": .data(escape)])
        case .unknownEscape(let escape): Detail(.detailTOMLUnknownEscape, ["escape": .data(escape)])
        case .controlInLiteral: Detail(.detailTOMLControlLiteral)
        case .unclosedLiteralString: Detail(.detailTOMLNotClosedSingle)
        }
    }
}
