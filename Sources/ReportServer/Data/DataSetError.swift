import Terminal

/// Why a data directory could not be loaded; always names the file at fault.
struct DataSetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file (or directory) at fault, relative to the data directory where possible.
    var file: String
    var problem: String

    /// One printable line: a file name or a problem made of a data file's text may hold control
    /// characters, and is cut (at 1,000 characters) if it is long.
    var description: String { PrintableText.oneLine("\(file): \(problem)", maxLength: 1000) }
}
