import Foundation
import HummingbirdTesting
import NIOCore
import TestSupport

/// The built `report-server` executable, run as a child process the way scripts run it.
final class ServerProcess: Sendable {
    /// Next to the test bundle in the build directory (`Paths.reportServer`); nil if it was not built.
    static let executable: URL? = FileManager.default.isExecutableFile(atPath: Paths.reportServer.path) ? Paths.reportServer : nil

    let process: ChildProcess
    let standardOutput = Pipe()
    let standardError = Pipe()

    convenience init(arguments: [String]) throws {
        guard let executable = Self.executable else { throw CocoaError(.fileNoSuchFile) }
        try self.init(executable: executable, arguments: arguments)
    }

    /// Another program that runs report-server itself (`strace`, `sh -c 'umask 0; exec …'`), or
    /// report-server from another place; in `directory` when given.
    init(executable: URL, arguments: [String], directory: URL? = nil) throws {
        process = ChildProcess()
        process.executableURL = executable
        process.currentDirectoryURL = directory
        process.arguments = arguments
        process.standardOutput = standardOutput
        process.standardError = standardError
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// The first line on stdout, or nil if the process closed it (or `timeout` passed) first;
    /// at the timeout the process is stopped (SIGTERM). Read a byte at a time, so that what
    /// follows the line stays in the pipe for the test, and waited for with `poll` on a thread of
    /// its own, which alone decides the deadline: a watchdog task beside a reading task races the
    /// test's task that would cancel it, and when the suites beside it keep the cooperative pool
    /// busy for longer than the timeout, the watchdog wins and stops a server whose line came in
    /// time.
    func firstLine(timeout: Duration = .seconds(30)) async -> String? {
        let descriptor = standardOutput.fileHandleForReading.fileDescriptor
        let process = process
        return try? await offThePool { () -> String? in
            let deadline = ContinuousClock.now + timeout
            var line: [UInt8] = []
            var byte: UInt8 = 0
            while true {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else {
                    process.terminate()
                    return nil
                }
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
                let ready = poll(&entry, 1, Int32(min(milliseconds, Int64(Int32.max))))
                if ready < 0, errno != EINTR { return nil }
                guard ready > 0 else { continue }
                let count = read(descriptor, &byte, 1)
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count == 1 else { return nil }
                if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
                line.append(byte)
            }
        }
    }

    /// Sends a signal and waits for the exit status.
    func stop(signal: Int32 = SIGTERM) async -> Int32 {
        kill(process.processIdentifier, signal)
        return await exitStatus()
    }

    func exitStatus() async -> Int32 {
        while process.isRunning {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return process.terminationStatus
    }

    /// Everything written to stderr; call after the process ended.
    func errorOutput() -> String {
        String(decoding: standardError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}

/// Runs `python3 script arguments…` from the repository root to its end and returns its status and
/// stdout (with stderr too when `withStandardError`), waiting off the cooperative pool: a script
/// that runs for tens of seconds would otherwise hold one of its two threads on this machine.
func runPythonScript(_ script: String, _ arguments: [String], withStandardError: Bool = false) async throws -> (status: Int32, output: Data) {
    try await offThePool {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + arguments
        process.currentDirectoryURL = Paths.repository
        let output = Pipe()
        process.standardOutput = output
        if withStandardError { process.standardError = output }
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }
}

extension TestClient {
    /// `operation` on a connection to the report-server process listening on `port`, once more
    /// on a new connection when the server had closed the first before the request went out. The
    /// server closes a connection that sends no request within its header timeout (10 s); a test
    /// that the suites running beside it starve for longer between connecting and writing meets
    /// that, which is the server doing its job, not what the test is about. A request that was
    /// never sent is safe to send again. A response is awaited for up to two minutes, not the
    /// client's 15 s: a debug server the suites beside it starve can take longer than that to
    /// answer, and the tests are about what it answers, not how fast.
    static func withServerProcess<Value: Sendable>(port: Int, _ operation: @escaping @Sendable (TestClient) async throws -> Value)
        async throws -> Value {
        let patient = Configuration(timeout: .seconds(120))
        do {
            return try await withClient(host: "127.0.0.1", port: port, configuration: patient, operation: operation)
        } catch ChannelError.ioOnClosedChannel {
            return try await withClient(host: "127.0.0.1", port: port, configuration: patient, operation: operation)
        }
    }
}
