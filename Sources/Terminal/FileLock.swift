#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A held exclusive `flock` on a lock file (`credentials.lock`, `config.lock`): the program's one
/// lock between `report` processes, taken by whoever reads, changes and writes a file of the
/// configuration folder for the whole sequence. Closing the descriptor releases it, and so does
/// the process ending, so a crash never leaves the lock taken.
public struct FileLock: Sendable {
    public enum Failure: Error, Sendable, Equatable {
        /// The lock file could not be opened or created (errno).
        case open(Int32)
        /// `flock` failed for another reason than another holder (errno).
        case lock(Int32)
        /// Another process still held it when the time was up.
        case timedOut
    }

    public let descriptor: Int32

    /// Takes the exclusive lock on `path` (created 0600 when missing, never through a link),
    /// polling so that waiting never blocks a thread of Swift's cooperative pool. Gives up after
    /// `timeout` (`Failure.timedOut`); cancellation stops the wait (`CancellationError`).
    public static func acquire(_ path: String, timeout: Duration) async throws -> FileLock {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure.open(errno) }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                close(descriptor)
                throw Failure.lock(code)
            }
            guard ContinuousClock.now < deadline else {
                close(descriptor)
                throw Failure.timedOut
            }
            do {
                try await Task.sleep(for: .milliseconds(20))
            } catch {
                close(descriptor)
                throw error
            }
        }
        return FileLock(descriptor: descriptor)
    }

    /// Releases the lock; call exactly once.
    public func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
