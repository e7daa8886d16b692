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
    /// One line, safe to print (never the file's content).
    public let problem: String
    public let remedy: Remedy

    public init(path: String, problem: String, remedy: Remedy) {
        self.path = path
        self.problem = problem
        self.remedy = remedy
    }

    public var description: String { "\(path): \(problem)" }
}
