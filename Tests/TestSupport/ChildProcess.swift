import Foundation
import Synchronization
import Terminal

/// A child process with the part of Foundation's `Process` interface the tests use, spawned so
/// that it inherits only its three standard streams.
///
/// Foundation's `Process.run()` (Swift 6.3.1) closes the child's other descriptors from a listing
/// of /proc/self/fd that stops short once the test process holds a few hundred: the children of
/// the parallel suites inherited pipes of each other's (a `report --terms-from -` waited for the
/// end of a standard input whose writing end another child held, and the suite hung), and past
/// ~1,350 descriptors the listing reads beyond its buffer (a SIGSEGV of the test process). Here
/// `posix_spawn` closes every descriptor from 3 on in the child (`SpawnActions`), so no listing
/// is made and nothing opened by another thread at the same moment leaks.
public final class ChildProcess: @unchecked Sendable {
    public var executableURL: URL?
    public var arguments: [String]?
    /// nil: the test process's environment.
    public var environment: [String: String]?
    public var currentDirectoryURL: URL?
    /// A `Pipe`, a `FileHandle` (`FileHandle.nullDevice` too), or nil: the test process's own.
    public var standardInput: Any?
    public var standardOutput: Any?
    public var standardError: Any?

    private let state = Mutex<(pid: pid_t, status: Int32?)>((0, nil))
    private let exited = DispatchGroup()

    public init() {}

    public var processIdentifier: Int32 { state.withLock { $0.pid } }
    public var isRunning: Bool { state.withLock { $0.pid != 0 && $0.status == nil } }

    /// The exit status, or the number of the signal that ended it (as `Process` gives them).
    public var terminationStatus: Int32 {
        state.withLock { state in
            guard let status = state.status else { preconditionFailure("the process has not exited") }
            return status
        }
    }

    public func run() throws {
        guard let executable = executableURL?.path else { throw CocoaError(.fileNoSuchFile) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, number) in [(standardInput, Int32(0)), (standardOutput, 1), (standardError, 2)] {
            switch stream {
            case let pipe as Pipe:
                let end = number == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting
                posix_spawn_file_actions_adddup2(&actions, end.fileDescriptor, number)
            case let handle as FileHandle where handle.fileDescriptor >= 0:
                posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, number)
            case is FileHandle:
                posix_spawn_file_actions_addopen(&actions, number, "/dev/null", number == 0 ? O_RDONLY : O_WRONLY, 0)
            default:
                break
            }
        }
        if let directory = currentDirectoryURL?.path {
            guard let addChdir = Self.addChdir, addChdir(&actions, directory) == 0 else {
                throw CocoaError(.fileReadUnsupportedScheme)
            }
        }
        SpawnActions.closeDescriptors(from: 3, in: &actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argumentWords = [executable] + (arguments ?? [])
        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv: [UnsafeMutablePointer<CChar>?] = argumentWords.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        state.withLock { $0.pid = pid }
        // The child's ends are the child's: closed here, so that the reader of its output sees the
        // end of it when the child exits, and the child sees the end of its input when we close ours.
        if let pipe = standardInput as? Pipe { try? pipe.fileHandleForReading.close() }
        let outputs = [standardOutput, standardError].compactMap { $0 as? Pipe }
        for (index, pipe) in outputs.enumerated() where !outputs[..<index].contains(where: { $0 === pipe }) {
            try? pipe.fileHandleForWriting.close()
        }
        exited.enter()
        Thread { [self, pid] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            let code = status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
            state.withLock { $0.status = code }
            exited.leave()
        }.start()
    }

    public func waitUntilExit() {
        exited.wait()
    }

    /// SIGTERM, while it runs.
    public func terminate() {
        state.withLock { state in
            if state.pid != 0, state.status == nil { kill(state.pid, SIGTERM) }
        }
    }

    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    /// glibc 2.29's `posix_spawn_file_actions_addchdir_np`, which Swift's Glibc module does not declare.
    private static let addChdir: AddChdir? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np")
            .map { unsafeBitCast($0, to: AddChdir.self) }
}
