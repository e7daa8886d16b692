import Foundation
import Synchronization

/// A `report-server` process on an ephemeral loopback port, serving a data directory.
public final class ReferenceServer: Sendable {
    public let baseURL: String
    public let process: ChildProcess
    public let dataDirectory: URL

    /// Starts the server and waits for its "listening on URL" line, off the cooperative pool.
    public static func start(dataDirectory: URL = Paths.repository.appendingPathComponent("ServerData/demo"),
                             extraArguments: [String] = []) async throws -> ReferenceServer {
        try await offThePool { try ReferenceServer(dataDirectory: dataDirectory, extraArguments: extraArguments) }
    }

    /// Starts `report-server` with `arguments` and reads its first line, "listening on URL":
    /// the process and the URL. Blocking. `log`, when given, is added to the error of a start
    /// that printed something else.
    static func launch(_ arguments: [String], standardError: FileHandle, log: URL? = nil) throws -> (ChildProcess, String) {
        let process = ChildProcess()
        process.executableURL = Paths.reportServer
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = standardError
        try process.run()
        var line = Data()
        while true {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "listening on ") else {
            process.terminate()
            throw ServerStartError(line: text + (log.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""))
        }
        return (process, String(text[range.upperBound...]))
    }

    /// Starts the server and waits for its "listening on URL" line (blocking: `start` in a test).
    public init(dataDirectory: URL = Paths.repository.appendingPathComponent("ServerData/demo"), extraArguments: [String] = []) throws {
        self.dataDirectory = dataDirectory
        (process, baseURL) = try Self.launch(["--port", "0", "--data", dataDirectory.path] + extraArguments,
                                             standardError: FileHandle.standardError)
        ReferenceServer.running.withLock { $0.append(process.processIdentifier) }
    }

    /// The demo data set's server, started once for all tests and stopped when the tests exit.
    public static let demo: ReferenceServer = {
        do {
            return try ReferenceServer()
        } catch {
            fatalError("could not start report-server: \(error)")
        }
    }()

    /// Asks the server to stop (SIGTERM) and returns at once: Foundation reaps the child, and
    /// waiting here would hold a thread of the cooperative pool (see `offThePool`).
    public func stop() {
        process.terminate()
    }

    /// Stops the server and returns once it has exited: for a test that needs it gone.
    public func stopAndWait() async {
        let process = process
        process.terminate()
        _ = try? await offThePool { process.waitUntilExit() }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    private static let running: Mutex<[Int32]> = {
        atexit {
            for pid in ReferenceServer.running.withLock({ $0 }) { kill(pid, SIGTERM) }
        }
        return Mutex([])
    }()
}

struct ServerStartError: Error, CustomStringConvertible {
    let line: String
    var description: String { "report-server did not report its address; it printed: \(line)" }
}
