/// Why a data directory could not be loaded; always names the file at fault.
struct DataSetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file (or directory) at fault, relative to the data directory where possible.
    var file: String
    var problem: String

    var description: String { "\(file): \(problem)" }
}
