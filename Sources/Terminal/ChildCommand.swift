#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run with its own argument vector — no shell unless the words name one — and
/// waited for: `report watch --exec` and its `notify-send`. The child gets the process's stdout
/// and stderr, `/dev/null` for stdin (it cannot take what report reads), and no other descriptor.
public struct ChildCommand: Sendable, Equatable {
    /// The program (a path, or a name looked up in PATH) and its arguments.
    public let words: [String]

    public init(words: [String]) {
        self.words = words
    }

    /// `text` split into words as a shell would split a simple command, without expanding
    /// anything: blanks separate words, '…' and "…" keep blanks inside one, a backslash keeps the
    /// next character (outside single quotes). Nil for an unclosed quote or no word at all.
    public init?(splitting text: String) {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                word.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    word.append(character)
                }
                continue
            }
            switch character {
            case " ", "\t", "\n":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'", "\"":
                quote = character
                inWord = true
            case "\\":
                escaped = true
                inWord = true
            default:
                word.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(word) }
        guard !words.isEmpty else { return nil }
        self.words = words
    }

    /// Whether the program is an executable file (a path, or a name found in `path`).
    public func isRunnable(path: String?) -> Bool {
        executable(path: path) != nil
    }

    /// The program's file: itself when it is a path, else the first executable of that name in
    /// the folders of `path` (the run's PATH, which may not be the process's); nil when none is.
    func executable(path: String?) -> String? {
        guard let program = words.first, !program.isEmpty else { return nil }
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        let folders = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false)
        return folders.map { "\($0.isEmpty ? "." : $0)/\(program)" }.first { access($0, X_OK) == 0 }
    }

    /// How a run ended.
    public enum Outcome: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// It could not be started (errno).
        case notStarted(Int32)
    }

    /// Runs the program with `environment` ("NAME=value" each; the program is looked up in its
    /// PATH) and waits for it, on a thread of its own (never one of Swift's cooperative threads).
    public func run(environment: [String]) async -> Outcome {
        let path = environment.last { $0.hasPrefix("PATH=") }.map { String($0.dropFirst(5)) }
        guard let program = executable(path: path) else { return .notStarted(ENOENT) }
        let words = words
        return await BlockingCall.run { Self.spawnAndWait(program, words, environment: environment) } ?? .notStarted(ECANCELED)
    }

    private static func spawnAndWait(_ program: String, _ words: [String], environment: [String]) -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        SpawnActions.closeDescriptors(from: 3, in: &actions)
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (arguments + variables).forEach { free($0) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, program, &actions, nil, arguments, variables)
        guard started == 0 else { return .notStarted(started) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return .exited(-1) }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}
