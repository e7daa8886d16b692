#if canImport(Glibc)
import Glibc
#endif
import Terminal

/// Sets one key of `config.toml` the way a person would edit it: the line that sets it is
/// replaced, or a line is added where it belongs (a profile's table is added at the end), and
/// every other line — comments included — is kept. The result is parsed before it is written,
/// atomically, so the file is never left half-written or unreadable. The file is read, changed and
/// written under the exclusive lock on `config.lock` beside it (`FileLock`, as `credentials.json`
/// is), so that two `config set` at once each keep the other's change.
struct ConfigFileEditor {
    static let lockFileName = "config.lock"
    /// A change holds the lock for a read and a write: far less than this.
    static let lockTimeout: Duration = .seconds(10)

    let path: String

    /// `default_profile = "NAME"` at the top level.
    func setDefaultProfile(_ name: String) async throws(CLIError) {
        try await setTopLevel("default_profile", to: name)
    }

    /// `language = "ko"` at the top level.
    func setLanguage(_ code: String) async throws(CLIError) {
        try await setTopLevel("language", to: code)
    }

    /// `color = "never"`, `pager = "less -R"` at the top level.
    func setTopLevelSetting(_ key: String, to value: String) async throws(CLIError) {
        try await setTopLevel(key, to: value)
    }

    /// `KEY = "VALUE"` at the top level: the line that sets it replaced, or one added before the first table.
    private func setTopLevel(_ key: String, to value: String) async throws(CLIError) {
        try await edit { lines in
            let assignment = "\(key) = \(Self.quoted(value))"
            let firstTable = lines.firstIndex { Self.isTableHeader($0) } ?? lines.count
            if let line = lines[..<firstTable].firstIndex(where: { Self.key(of: $0) == key }) {
                lines[line] = assignment
            } else {
                let at = lines.prefix(firstTable).lastIndex { !$0.trimmingWhitespace().isEmpty }.map { $0 + 1 } ?? 0
                // A blank line between the top level and the first table, as people write it.
                lines.insert(contentsOf: at < lines.count && Self.isTableHeader(lines[at]) ? [assignment, ""] : [assignment], at: at)
            }
        }
    }

    /// `base_url = "URL"` in `[profiles.PROFILE]`, which is added when missing.
    func setBaseURL(_ url: String, profile: String) async throws(CLIError) {
        try await edit { lines in
            let assignment = "base_url = \(Self.quoted(url))"
            guard let header = lines.firstIndex(where: { Self.tableName(of: $0) == "profiles.\(profile)" }) else {
                if let last = lines.last, !last.trimmingWhitespace().isEmpty { lines.append("") }
                lines += ["[profiles.\(profile)]", assignment]
                return
            }
            let end = lines[(header + 1)...].firstIndex { Self.isTableHeader($0) } ?? lines.count
            if let line = lines[(header + 1)..<end].firstIndex(where: { Self.key(of: $0) == "base_url" }) {
                lines[line] = assignment
            } else {
                lines.insert(assignment, at: header + 1)
            }
        }
    }

    private func edit(_ change: (inout [String]) -> Void) async throws(CLIError) {
        try ensureDirectory()
        let lock = try await takeLock()
        defer { lock.release() }
        let existing: String
        switch readText() {
        case .success(let text): existing = text
        case .failure(let error): throw error
        }
        var lines = existing.isEmpty ? [] : existing.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
        if lines.last == "" { lines.removeLast() }
        change(&lines)
        let text = lines.joined(separator: "\n") + "\n"
        do {
            _ = try ConfigFile(parsing: text, path: path)
        } catch {
            throw CLIError(.detailRefusalNotChanged, ["detail": .detail(error.detail)], hint: .detailRefusalFixByHand, ["path": .data(path)],
                           kind: .configuration)
        }
        do throws(AtomicFile.WriteError) {
            try AtomicFile.write(Array(text.utf8), to: path)
        } catch {
            throw CLIError(.detailRefusalCouldNotWrite, ["path": .data(path), "detail": .detail(ServiceLayer.detail(error))], kind: .cannotWrite)
        }
    }

    /// The file as it is (it must parse: a broken file is fixed by hand, not rewritten).
    private func readText() -> Result<String, CLIError> {
        do {
            guard try ConfigFile.load(path: path) != nil else { return .success("") }
        } catch {
            return .failure(CLIError(.detailRefusalNotChanged, ["detail": .detail(error.detail)], hint: .detailRefusalFixByHand,
                                     ["path": .data(path)], kind: .configuration))
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { if descriptor >= 0 { close(descriptor) } }
        guard descriptor >= 0, case .success(let bytes) = Descriptor.readAll(descriptor, limit: 1 << 20) else {
            return .failure(CLIError(.detailRefusalCannotRead, ["path": .data(path)], kind: .configuration))
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// The lock on `config.lock` in the file's folder, whoever else holds it now.
    private func takeLock() async throws(CLIError) -> FileLock {
        let lockPath = directory + "/" + Self.lockFileName
        do {
            return try await FileLock.acquire(lockPath, timeout: Self.lockTimeout)
        } catch let failure as FileLock.Failure {
            throw CLIError(.detailRefusalNotChanged, ["detail": .detail(ServiceLayer.detail(failure, path: lockPath, timeout: Self.lockTimeout))],
                           kind: .cannotWrite)
        } catch {
            throw CLIError(.cancelled, context: "")
        }
    }

    private var directory: String { String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }

    /// The configuration directory, made 0700 when missing (it holds the credentials too).
    private func ensureDirectory() throws(CLIError) {
        if let failure = AtomicFile.createFolders(directory) {
            throw CLIError(.detailRefusalCannotCreate, ["path": .data(failure.folder), "detail": .system(failure.code)], kind: .cannotWrite)
        }
    }

    /// A TOML basic string.
    static func quoted(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    private static func isTableHeader(_ line: String) -> Bool {
        line.trimmingWhitespace().hasPrefix("[")
    }

    private static func tableName(of line: String) -> String? {
        let trimmed = line.trimmingWhitespace()
        guard trimmed.hasPrefix("["), let close = trimmed.firstIndex(of: "]") else { return nil }
        return trimmed[trimmed.index(after: trimmed.startIndex)..<close].trimmingWhitespace()
    }

    /// The key a `key = value` line sets.
    private static func key(of line: String) -> String? {
        let trimmed = line.trimmingWhitespace()
        guard !trimmed.hasPrefix("#"), !trimmed.hasPrefix("["), let equals = trimmed.firstIndex(of: "=") else { return nil }
        return trimmed[..<equals].trimmingWhitespace()
    }
}
