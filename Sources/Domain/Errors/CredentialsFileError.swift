/// The stored credentials, or the directory that holds them, cannot be used safely: a
/// configuration problem the user has to fix (never repaired or overwritten silently).
public struct CredentialsFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the user can do about it.
    public enum Remedy: Hashable, Sendable {
        /// The file cannot be trusted or read: delete it and sign in again.
        case deleteAndSignIn
        /// Other users can reach it: restrict its mode, e.g. `chmod 600`.
        case restrictPermissions(mode: String)
        /// Nothing this program can suggest (an I/O error, a busy lock, …).
        case none
    }

    /// The file or directory at fault.
    public let path: String
    /// What is wrong with it, as the catalog says it (its key's message names the path): never
    /// the file's content.
    public let detail: Detail
    public let remedy: Remedy

    public init(path: String, _ key: Detail.Key, _ values: [String: Detail.Value] = [:], remedy: Remedy) {
        self.path = path
        var values = values
        values["path"] = .data(path)
        detail = Detail(key, values)
        self.remedy = remedy
    }

    /// The key and its values, for a log or a test; a person reads the catalog's (`Words.said`).
    public var description: String { detail.description }
}
