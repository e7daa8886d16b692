import Foundation

/// Runs `body`, which blocks (waiting for a child process, reading its pipe), on a thread of its
/// own. The cooperative pool has two threads on this machine: a test that blocks one, while
/// another does too, stalls every test of the process (CI saw tests wait 24 s for a thread while
/// report-servers started), and their timing checks with it.
public func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
