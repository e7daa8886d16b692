#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Turns SIGINT and SIGTERM into values a task can await, so that Ctrl-C cancels the running
/// command (its transfers end at once) instead of killing the process mid-write.
///
/// The handler is installed with `sigaction` before `init` returns: from then on a signal can no
/// longer end the process by its default action. (Dispatch signal sources, used before, install
/// theirs later, when Dispatch's manager thread gets to it: SignalWatcherTests caught SIGTERM still
/// at its default action right after the watcher was made, in a CI run on a busy machine — a
/// Ctrl-C in that window would have killed the process, in the middle of a token refresh too.)
/// The handler only writes the signal's number to a pipe (`write` is async-signal-safe); a thread
/// of its own reads the pipe and yields the numbers. `SA_RESTART` keeps the signal from
/// interrupting other threads' system calls. `stop()` puts back the default actions.
public final class SignalWatcher: Sendable {
    public static let watched: [Int32] = [SIGINT, SIGTERM]

    /// Each signal as it arrives.
    public let signals: AsyncStream<Int32>
    private let continuation: AsyncStream<Int32>.Continuation
    private let readEnd: Int32
    private let writeEnd: Int32

    public init() {
        (signals, continuation) = AsyncStream.makeStream(of: Int32.self, bufferingPolicy: .bufferingNewest(4))
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            // A full pipe must never block the handler: a signal more is dropped instead.
            _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        }
        (readEnd, writeEnd) = (ends[0], ends[1])
        guard readEnd >= 0 else { return }
        signalPipe.store(writeEnd, ordering: .sequentiallyConsistent)
        for number in Self.watched {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = forwardSignal
            #else
            action.__sigaction_u.__sa_handler = forwardSignal
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        let (readEnd, continuation) = (readEnd, continuation)
        BlockingCall.detach {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count == 1 {
                    continuation.yield(Int32(byte))
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            close(readEnd)
            continuation.finish()
        }
    }

    /// Stops watching; the signals get their default actions back.
    public func stop() {
        for number in Self.watched { signal(number, SIG_DFL) }
        signalPipe.store(-1, ordering: .sequentiallyConsistent)
        if writeEnd >= 0 { close(writeEnd) }
        continuation.finish()
    }

    /// After the first signal: a second one of the same kind ends the process the default way,
    /// for a command that does not stop on its own.
    public static func restoreDefault(_ number: Int32) {
        signal(number, SIG_DFL)
    }
}

/// The write end of the watcher's pipe, for the handler (which can capture nothing); -1 when none.
private let signalPipe = Atomic<Int32>(-1)

private func forwardSignal(_ number: Int32) {
    let descriptor = signalPipe.load(ordering: .sequentiallyConsistent)
    guard descriptor >= 0 else { return }
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(descriptor, &byte, 1)
    errno = saved
}
