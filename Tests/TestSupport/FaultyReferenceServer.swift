import Foundation
import Testing

/// `report-server --admin` on an ephemeral port, serving a copy of the demo data with
/// `faults` as its `faults.json`; its stderr goes to a file, returned by `stopAndReadLog()`.
public final class FaultyReferenceServer: Sendable {
    public let baseURL: String
    public let process: ChildProcess
    public let directory: URL
    public let log: URL

    /// Starts the server and waits for its "listening on URL" line, off the cooperative pool.
    public static func start(faults: String?, verbose: Bool = false, arguments: [String] = []) async throws -> FaultyReferenceServer {
        try await offThePool { try FaultyReferenceServer(faults: faults, verbose: verbose, arguments: arguments) }
    }

    private init(faults: String?, verbose: Bool, arguments: [String]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-faults-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Paths.repository.appendingPathComponent("ServerData/demo"), to: directory)
        if let faults {
            try Data(faults.utf8).write(to: directory.appendingPathComponent("faults.json"))
        }
        log = directory.appendingPathComponent("server.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        (process, baseURL) = try ReferenceServer.launch(
            ["--port", "0", "--data", directory.path, "--admin"] + (verbose ? ["--verbose"] : []) + arguments,
            standardError: try FileHandle(forWritingTo: log), log: log)
    }

    /// `GET /_admin/faults`, over a plain socket (the `report` under test is not the client here).
    public func listing() async throws -> [String: Any] {
        let port = try #require(URLComponents(string: baseURL)?.port)
        let exchange = try await RawHTTPExchange.get("/_admin/faults", port: port, headers: ["Connection: close"])
        #expect(exchange.statusCode == 200, "GET /_admin/faults: \(exchange.head)")
        let object = try JSONSerialization.jsonObject(with: exchange.body)
        return try #require(object as? [String: Any], "GET /_admin/faults: \(exchange.head)")
    }

    /// Each rule's `fired` and `matched` counts, in order.
    public func counts() async throws -> (fired: [Int], matched: [Int]) {
        let rules = try await listing()["rules"] as? [[String: Any]] ?? []
        return (rules.compactMap { $0["fired"] as? Int }, rules.compactMap { $0["matched"] as? Int })
    }

    /// Ends the server (SIGKILL: nothing of it is read any more) without waiting for it: a
    /// delayed answer it still owes (the 60 s delay rule) would hold a graceful stop, and the
    /// test's thread with it, one of the cooperative pool's two. Its folder is removed once it
    /// has exited.
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        let (process, directory) = (process, directory)
        Thread {
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: directory)
        }.start()
    }

    /// Stops the server, waits for it, and returns what it wrote on stderr.
    public func stopAndReadLog() -> String {
        process.terminate()
        process.waitUntilExit()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: directory)
        return text
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
