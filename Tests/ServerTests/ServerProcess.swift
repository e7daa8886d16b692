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

    /// The first line on stdout, or nil if the process closed it (or the timeout passed) first.
    func firstLine(timeout: Duration = .seconds(30)) async -> String? {
        let handle = standardOutput.fileHandleForReading
        let reader = Task.detached { () -> String? in
            var data = Data()
            while !data.contains(UInt8(ascii: "\n")) {
                let chunk = handle.availableData
                if chunk.isEmpty { return nil }
                data.append(chunk)
            }
            return String(decoding: data.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        }
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            if self.process.isRunning { self.process.terminate() }
        }
        let line = await reader.value
        watchdog.cancel()
        return line
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
    /// never sent is safe to send again.
    static func withServerProcess<Value: Sendable>(port: Int, _ operation: @escaping @Sendable (TestClient) async throws -> Value)
        async throws -> Value {
        do {
            return try await withClient(host: "127.0.0.1", port: port, operation: operation)
        } catch ChannelError.ioOnClosedChannel {
            return try await withClient(host: "127.0.0.1", port: port, operation: operation)
        }
    }
}
