#if canImport(Glibc)
import Glibc
#endif

/// A held `flock` on `credentials.lock`. Closing the descriptor releases it, and so does the
/// process ending, so a crash never leaves the lock taken.
struct CredentialsLock: Sendable {
    let descriptor: Int32

    /// Releases the lock; call exactly once.
    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
