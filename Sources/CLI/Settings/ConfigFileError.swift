import Presentation
import Terminal
/// A problem in `config.toml`: `…/config.toml:3: unknown key 'colour'`.
struct ConfigFileError: Error, Hashable, Sendable, CustomStringConvertible {
    let path: String
    /// 1-based; nil when the problem is not on one line (the file cannot be read at all).
    let line: Int?
    let message: String

    /// One printable line of at most about 300 characters: the path and the file's own text may
    /// hold control characters or be long, and the line ends up on a terminal.
    var description: String { description(in: .english) }

    /// The line in `words`' language: the path and line as they are, the problem from the
    /// catalog when `DetailText` knows its English form.
    func description(in words: Words) -> String {
        PrintableText.oneLine("\(path)\(line.map { ":\($0)" } ?? ""): \(DetailText.text(message, words: words))", maxLength: 300)
    }
}
