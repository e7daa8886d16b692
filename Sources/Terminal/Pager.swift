#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Long human output on a terminal goes through a pager, as git and gh do: `REPORT_PAGER`, else
/// `PAGER`, else `less -FRX` (which quits at once when the text fits the screen, keeps colour
/// and leaves the text on the screen). The pager is run by `sh -c` with its standard input a pipe,
/// started on the first write (a command that fails before printing never starts one), and the
/// command waits for it to exit before the process ends, ignoring Ctrl-C meanwhile (the pager
/// handles it). What goes to stderr while the pager runs is held and written after it exits, so
/// that no line lands on top of the pager's screen.
public final class Pager: Sendable {
    /// The default, when neither REPORT_PAGER nor PAGER is set.
    public static let defaultCommand = "less -FRX"

    /// The pager command `environment` asks for, else `configured` (config.toml's `pager`); nil
    /// for none (set to "" or "cat").
    public static func command(environment: [String: String], configured: String? = nil) -> String? {
        setting(environment: environment, configured: configured).command
    }

    /// The pager command and the variable that chose it (REPORT_PAGER, else PAGER; nil for
    /// `configured` or the default). The command is nil for none (set to "" or "cat").
    public static func setting(environment: [String: String], configured: String? = nil) -> (command: String?, variable: String?) {
        let variable = ["REPORT_PAGER", "PAGER"].first { environment[$0] != nil }
        let trimmed = (variable.flatMap { environment[$0] } ?? configured ?? defaultCommand).trimmingWhitespace()
        return (trimmed.isEmpty || trimmed == "cat" ? nil : trimmed, variable)
    }

    private enum State {
        case idle
        case running(pid: pid_t, input: Int32)
        /// The pager could not be started: writes go to the terminal directly.
        case unavailable
        case finished
    }

    let command: String
    private let environment: [String]
    /// The terminal the pager draws on (stdout's descriptor).
    let terminal: Int32
    private let state = Mutex(State.idle)
    private let heldErrors = Mutex<[UInt8]>([])
    /// Said once on stderr when the pager's program is not there.
    private let problem = Mutex<String?>(nil)

    /// `environment`: the variables the pager gets, but report's own (`REPORT_TOKEN` above all:
    /// the pager is a program of the user's choice, and needs none of them), with `LESS=FRX` and
    /// `LV=-c` added unless set, as git does.
    public init(command: String, environment: [String: String], terminal: Int32 = 1) {
        self.command = command
        var variables = environment.filter { !$0.key.hasPrefix("REPORT_") }
        if variables["LESS"] == nil { variables["LESS"] = "FRX" }
        if variables["LV"] == nil { variables["LV"] = "-c" }
        self.environment = variables.map { "\($0.key)=\($0.value)" }
        self.terminal = terminal
    }

    /// Where stdout's bytes go now: the pager's input (starting it on the first call), or the
    /// terminal when there is no pager.
    func outputDescriptor() -> Int32 {
        state.withLock { state in
            switch state {
            case .running(_, let input):
                return input
            case .unavailable, .finished:
                return terminal
            case .idle:
                guard let (pid, input) = start() else {
                    state = .unavailable
                    return terminal
                }
                state = .running(pid: pid, input: input)
                return input
            }
        }
    }

    /// Whether stderr's bytes must wait (the pager is on the screen); if so they are kept.
    func holdError(_ bytes: [UInt8]) -> Bool {
        state.withLock { state in
            guard case .running = state else { return false }
            heldErrors.withLock { $0 += bytes }
            return true
        }
    }

    /// Closes the pager's input and waits for it to exit (Ctrl-C and Ctrl-\ ignored meanwhile:
    /// they are the pager's), then writes what stderr held. Safe to call more than once.
    public func finish() async {
        let running: (pid: pid_t, input: Int32)? = state.withLock { state in
            defer { state = .finished }
            if case .running(let pid, let input) = state { return (pid, input) }
            return nil
        }
        if let running {
            close(running.input)
            let previous = (signal(SIGINT, SIG_IGN), signal(SIGQUIT, SIG_IGN))
            _ = await BlockingCall.run {
                var status: Int32 = 0
                while waitpid(running.pid, &status, 0) == -1 && errno == EINTR {}
            }
            signal(SIGINT, previous.0)
            signal(SIGQUIT, previous.1)
        }
        var notes = heldErrors.withLock { held in defer { held = [] }; return held }
        if let problem = problem.withLock({ $0 }) { notes = Array(problem.utf8) + notes }
        if !notes.isEmpty { _ = Descriptor.writeAll(2, notes) }
    }

    /// `sh -c COMMAND` reading a new pipe; nil when the pager's program is not found (then the
    /// output is shown directly, and `finish` says so).
    private func start() -> (pid_t, Int32)? {
        // The first word that is not a variable assignment (`LESS=-R less`).
        let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let program = words.first { !$0.contains("=") } ?? command
        guard Self.isExecutable(program, path: environment.first { $0.hasPrefix("PATH=") }.map { String($0.dropFirst(5)) }) else {
            problem.withLock { $0 = "report: the pager '\(PrintableText.line(program))' was not found; set REPORT_PAGER, or use --no-pager\n" }
            return nil
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        let (reading, writing) = (ends[0], ends[1])
        _ = fcntl(writing, F_SETFD, FD_CLOEXEC)
        _ = fcntl(reading, F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, reading, 0)
        // The pager gets its input, the terminal and stderr, nothing else: not libcurl's sockets
        // (the live connection to the service among them, created without close-on-exec), nor
        // any descriptor report itself inherited.
        SpawnActions.closeDescriptors(from: 3, in: &actions)
        let argumentWords: [String] = ["sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = argumentWords.map { strdup($0) } + [nil]
        let variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (arguments + variables).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", &actions, nil, arguments, variables)
        close(reading)
        guard status == 0 else {
            close(writing)
            return nil
        }
        return (pid, writing)
    }

    /// Whether `program` (a path, or a name looked up in `path`) is an executable file.
    static func isExecutable(_ program: String, path: String?) -> Bool {
        if program.contains("/") { return access(program, X_OK) == 0 }
        let folders = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return folders.contains { access("\($0)/\(program)", X_OK) == 0 }
    }
}
