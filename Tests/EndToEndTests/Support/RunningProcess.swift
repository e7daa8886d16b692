import Foundation
import Synchronization
import TestSupport

/// A `report` process left running so that a test can signal it, then collect what it did.
final class RunningProcess: Sendable {
    let process: ChildProcess
    /// Standard input, held open (never written) when asked for: the process blocks reading it.
    private let input: Pipe?
    private let stdout = Mutex(Data())
    private let stderr = Mutex(Data())
    private let finished = DispatchGroup()
    private let outputEnded = Mutex<ContinuousClock.Instant?>(nil)

    init(_ executable: URL, _ arguments: [String], environment: [String: String] = [:],
         holdingStandardInputOpen: Bool = false) throws {
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = testEnvironment(environment)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        input = holdingStandardInputOpen ? Pipe() : nil
        process.standardInput = input ?? FileHandle.nullDevice
        try process.run()
        self.process = process
        collect(out, into: { [self] data in stdout.withLock { $0.append(data) } })
        collect(err, into: { [self] data in stderr.withLock { $0.append(data) } })
    }

    /// Reads `pipe` to its end on a thread of its own, storing each chunk as it comes (what the
    /// process wrote so far can be looked at while it runs).
    private func collect(_ pipe: Pipe, into store: @escaping @Sendable (Data) -> Void) {
        finished.enter()
        Thread { [self] in
            let handle = pipe.fileHandleForReading
            while case let chunk = handle.availableData, !chunk.isEmpty { store(chunk) }
            let now = ContinuousClock.now
            outputEnded.withLock { $0 = max($0 ?? now, now) }
            finished.leave()
        }.start()
    }

    /// Whether the process catches `number` (a handler in its SigCgt mask, from /proc): before
    /// that, the signal would end it the default way, or — while `report` has set it to ignored
    /// but its handler is not yet in place — be lost.
    func handles(_ number: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8) else {
            return false
        }
        let bit = UInt64(1) << UInt64(number - 1)
        return status.split(separator: "\n").contains { line in
            guard line.hasPrefix("SigCgt:"),
                  let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16) else { return false }
            return mask & bit != 0
        }
    }

    /// When the process closed its output (it ended), seen from threads of their own: unlike the
    /// moment a waiting test resumes, this does not depend on how busy the test process is.
    var outputEndedAt: ContinuousClock.Instant? { outputEnded.withLock { $0 } }
    /// What the process wrote on stdout so far.
    var stdoutSoFar: String { String(decoding: stdout.withLock { $0 }, as: UTF8.self) }
    /// What the process wrote on stderr so far.
    var stderrSoFar: String { String(decoding: stderr.withLock { $0 }, as: UTF8.self) }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits (off the cooperative pool) for the process to end; kills it after `limit`.
    func result(within limit: Duration = .seconds(30)) async -> RunResult {
        await withCheckedContinuation { continuation in
            Thread { [self] in
                let (seconds, _) = limit.components
                if finished.wait(timeout: .now() + .seconds(Int(seconds))) == .timedOut {
                    process.terminate()
                    finished.wait()
                }
                process.waitUntilExit()
                continuation.resume(returning: RunResult(
                    status: process.terminationStatus,
                    stdout: stdout.withLock { String(decoding: $0, as: UTF8.self) },
                    stderr: stderr.withLock { String(decoding: $0, as: UTF8.self) }))
            }.start()
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}

/// Polls `condition` (every 20 ms) until it holds or `limit` passes, and asks it once more then:
/// on a machine the parallel suites load, this task may sleep past the whole limit between two
/// polls, and a condition that came true meanwhile is no failure.
func eventually(within limit: Duration = .seconds(20), _ condition: () -> Bool) async throws -> Bool {
    let start = ContinuousClock.now
    while !condition() {
        guard start.duration(to: .now) < limit else { return condition() }
        try await Task.sleep(for: .milliseconds(20))
    }
    return true
}
