import Domain
import Terminal
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `credentials.json` in the configuration directory: every profile's credentials, readable and
/// writable by the user only.
///
/// - The directory is 0700 and the file 0600, both owned by the user; anything else is refused
///   with a `CredentialsFileError` rather than used or repaired silently.
/// - Writes are atomic: a temporary file in the same directory, fsync, rename over the old file,
///   fsync of the directory. A reader sees the old file or the new one, never half of one, and a
///   crash leaves one of the two on disk.
/// - `lock(timeout:)` takes an exclusive `flock` on `credentials.lock` beside the file; whoever
///   reads, refreshes and writes holds it for the whole sequence.
struct CredentialsStore: Sendable {
    static let fileName = "credentials.json"
    static let lockFileName = "credentials.lock"
    /// Far larger than any real file; a bigger one is not ours.
    static let maxFileBytes = 1 << 20

    let directory: String

    init(directory: String) {
        var directory = directory
        while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
        self.directory = directory
    }

    var filePath: String { directory + "/" + Self.fileName }
    var lockPath: String { directory + "/" + Self.lockFileName }

    // MARK: Reading

    /// The stored document; nil when there is no file (signed out).
    func read() throws(CredentialsFileError) -> CredentialsDocument? {
        // O_NOFOLLOW: a symbolic link in place of the file could point anywhere.
        let descriptor = open(filePath, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor < 0 {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: return nil
            case ELOOP:
                throw CredentialsFileError(path: filePath, .detailCredentialsSymlink, remedy: .deleteAndSignIn)
            default:
                throw CredentialsFileError(path: filePath, .detailCredentialsCannotRead, ["detail": .system(code)], remedy: .none)
            }
        }
        defer { close(descriptor) }
        try checkDirectory(mustExist: true)
        // fstat on the open descriptor: what is checked is what is read.
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw CredentialsFileError(path: filePath, .detailCredentialsCannotRead, ["detail": .system(errno)], remedy: .none)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw CredentialsFileError(path: filePath, .detailCredentialsNotRegular, remedy: .deleteAndSignIn)
        }
        guard status.st_uid == geteuid() else {
            throw CredentialsFileError(path: filePath, .detailCredentialsOtherUser, ["uid": .data("\(status.st_uid)")],
                                       remedy: .deleteAndSignIn)
        }
        let mode = status.st_mode & 0o7777
        guard mode == 0o600 else {
            throw CredentialsFileError(path: filePath, .detailCredentialsMode, ["mode": .data(Self.octal(mode))],
                                       remedy: .restrictPermissions(mode: "600"))
        }
        let bytes = try readAll(descriptor)
        return try decode(bytes)
    }

    private func readAll(_ descriptor: Int32) throws(CredentialsFileError) -> [UInt8] {
        switch Descriptor.readAll(descriptor, limit: Self.maxFileBytes) {
        case .success(let bytes):
            return bytes
        case .failure(.tooLarge):
            throw CredentialsFileError(path: filePath, .detailCredentialsTooLarge, remedy: .deleteAndSignIn)
        case .failure(.system(let code)):
            throw CredentialsFileError(path: filePath, .detailCredentialsCannotRead, ["detail": .system(code)], remedy: .none)
        }
    }

    /// Decodes and checks the file. Problems are described by where they are, never by the
    /// values found there (they may be tokens).
    private func decode(_ bytes: [UInt8]) throws(CredentialsFileError) -> CredentialsDocument {
        func corrupt(_ why: Detail.Key, _ values: [String: Detail.Value] = [:]) -> CredentialsFileError {
            CredentialsFileError(path: filePath, .detailCredentialsInvalid, ["detail": .detail(Detail(why, values))], remedy: .deleteAndSignIn)
        }
        let document: CredentialsDocument
        do {
            document = try JSONDecoder().decode(CredentialsDocument.self, from: Data(bytes))
        } catch let error as DecodingError {
            switch error {
            case .keyNotFound(let key, let context):
                throw corrupt(.detailCredentialsMissing, ["field": .data(DecodingFailure.path(context.codingPath + [key]))])
            case .typeMismatch(_, let context), .valueNotFound(_, let context):
                throw corrupt(.detailCredentialsWrongType, ["field": .data(DecodingFailure.path(context.codingPath))])
            case .dataCorrupted(let context) where !context.codingPath.isEmpty:
                throw corrupt(.detailCredentialsInvalidValue, ["field": .data(DecodingFailure.path(context.codingPath))])
            default:
                throw corrupt(.detailCredentialsNotJSON)
            }
        } catch {
            throw corrupt(.detailCredentialsNotJSON)
        }
        guard document.version == CredentialsDocument.currentVersion else {
            throw corrupt(.detailCredentialsVersion, ["version": .data("\(document.version)"),
                                                  "supported": .data("\(CredentialsDocument.currentVersion)")])
        }
        for (profile, credentials) in document.profiles {
            guard TokenSyntax.isWellFormed(credentials.accessToken), TokenSyntax.isWellFormed(credentials.refreshToken) else {
                throw corrupt(.detailCredentialsMalformedToken, ["profile": .data(profile)])
            }
            guard (try? BaseURL(credentials.baseURL)) != nil else {
                throw corrupt(.detailCredentialsInvalidBaseURL, ["profile": .data(profile)])
            }
            // Arithmetic on the expiry (the refresh margin, the time left) stays in range.
            guard StoredCredentials.expiryRange.contains(credentials.accessTokenExpiresAt) else {
                throw corrupt(.detailCredentialsExpiryRange, ["profile": .data(profile)])
            }
        }
        return document
    }

    // MARK: Writing

    /// Replaces the file with `document` atomically; removes it when no profile is left.
    func save(_ document: CredentialsDocument) throws(CredentialsFileError) {
        try ensureDirectory()
        if document.profiles.isEmpty {
            guard unlink(filePath) == 0 || errno == ENOENT else {
                throw CredentialsFileError(path: filePath, .detailCredentialsCannotRemove, ["detail": .system(errno)], remedy: .none)
            }
            try syncDirectory()
            return
        }
        let bytes: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            bytes = try encoder.encode(document)
        } catch {
            throw CredentialsFileError(path: filePath, .detailCredentialsNotEncoded, remedy: .none)
        }
        do {
            try AtomicFile.write(bytes, to: filePath, mode: 0o600, exactMode: true)
        } catch {
            switch error.stage {
            case .create:
                throw CredentialsFileError(path: directory, .detailCredentialsCannotCreateIn, ["detail": .system(error.code)], remedy: .none)
            case .write:
                throw CredentialsFileError(path: filePath, .detailCredentialsNotWritten, ["detail": .system(error.code)], remedy: .none)
            case .replace:
                throw CredentialsFileError(path: filePath, .detailCredentialsNotReplaced, ["detail": .system(error.code)], remedy: .none)
            case .refused(let refusal):
                throw CredentialsFileError(path: filePath, .detailCredentialsNotReplaced, ["detail": .detail(refusal.detail)], remedy: .none)
            case .syncDirectory:
                throw CredentialsFileError(path: directory, .detailCredentialsNotSynced, ["detail": .system(error.code)], remedy: .none)
            }
        }
    }

    /// Makes the removal durable: without it, a crash could bring back the old file.
    private func syncDirectory() throws(CredentialsFileError) {
        do {
            try AtomicFile.syncDirectory(directory)
        } catch {
            throw CredentialsFileError(path: directory, .detailCredentialsNotSynced, ["detail": .system(error.code)], remedy: .none)
        }
    }

    // MARK: The directory

    /// Creates the directory (and missing parents) as 0700, whatever the umask, then checks it.
    func ensureDirectory() throws(CredentialsFileError) {
        if let failure = AtomicFile.createFolders(directory) {
            throw CredentialsFileError(path: failure.folder, .detailCredentialsFolderNotCreated, ["detail": .system(failure.code)], remedy: .none)
        }
        try checkDirectory(mustExist: true)
    }

    /// The directory must belong to the user and be writable by no one else (as ssh's StrictModes
    /// asks of ~/.ssh): otherwise another user could replace the file. Others may read and enter
    /// it — `mkdir -p ~/.config/report` makes it 0755 — since the file itself is 0600.
    private func checkDirectory(mustExist: Bool) throws(CredentialsFileError) {
        var status = stat()
        guard stat(directory, &status) == 0 else {
            if errno == ENOENT, !mustExist { return }
            throw CredentialsFileError(path: directory, .detailCredentialsFolderUnusable, ["detail": .system(errno)], remedy: .none)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw CredentialsFileError(path: directory, .detailCredentialsNotDirectory, remedy: .none)
        }
        guard status.st_uid == geteuid() else {
            throw CredentialsFileError(path: directory, .detailCredentialsOtherUser, ["uid": .data("\(status.st_uid)")], remedy: .none)
        }
        let mode = status.st_mode & 0o7777
        guard mode & 0o022 == 0 else {
            throw CredentialsFileError(path: directory, .detailCredentialsFolderMode, ["mode": .data(Self.octal(mode))],
                                       remedy: .restrictPermissions(mode: "go-w"))
        }
    }

    // MARK: The lock

    /// Takes the exclusive lock (`FileLock`), polling so that waiting never blocks a thread of
    /// Swift's cooperative pool. Gives up after `timeout`; cancellation stops the wait.
    func lock(timeout: Duration) async throws -> FileLock {
        try ensureDirectory()
        do {
            return try await FileLock.acquire(lockPath, timeout: timeout)
        } catch let failure as FileLock.Failure {
            let detail = failure.detail(path: lockPath, timeout: timeout)
            throw CredentialsFileError(path: lockPath, detail.key, detail.values, remedy: .none)
        }
    }

    // MARK: Helpers

    private static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
