import Foundation
import Synchronization

/// Where the built binaries and the repository are.
public enum Paths {
    /// The build products directory: the test bundle lives beside `report` and `report-server`.
    public static let products: URL = {
        let executable = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                             ?? CommandLine.arguments[0])
        var directory = executable.deletingLastPathComponent()
        // On Linux the test binary is `<products>/reportPackageTests.xctest`.
        if directory.pathExtension == "xctest" { directory = directory.deletingLastPathComponent() }
        return directory
    }()

    /// Found from this file's place: Tests/TestSupport/ReportProcess.swift.
    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The reference server's demo data set.
    public static let demoData = repository.appendingPathComponent("ServerData/demo", isDirectory: true)

    public static var report: URL { products.appendingPathComponent("report") }
    public static var reportServer: URL { products.appendingPathComponent("report-server") }
}

/// What one run of a binary did: each stream and the exit status checked separately.
public struct RunResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
    /// The run passed its time limit and was killed.
    public var timedOut = false
    /// From the process's start to its exit, measured on the thread that waits for it (an in-process
    /// run: from the moment it has its slot to its end): a bound on
    /// how long a command took must use this, not the test's own clock, whose task may wait many
    /// seconds for a thread of the cooperative pool when the parallel suites keep both busy (CI
    /// saw a 1 s timeout "take" 31 s that way).
    public var elapsed: Duration = .zero

    public init(status: Int32, stdout: String, stderr: String, timedOut: Bool = false, elapsed: Duration = .zero) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.timedOut = timedOut
        self.elapsed = elapsed
    }

    public var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    public var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

    public func json() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        guard let dictionary = object as? [String: Any] else { throw CocoaError(.coderReadCorrupt) }
        return dictionary
    }
}

/// Runs a binary to completion with the given arguments, environment and stdin, waiting off the
/// cooperative pool. With `timeLimit`, a run still going after it is killed (SIGKILL) and comes
/// back `timedOut`: a hang fails its test instead of the whole suite.
///
/// At most `RunSlots.count` of these run at once in the test process; the others wait for a slot
/// (before their process starts, so `elapsed` and `timeLimit` count only their own run).
public func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:],
                stdin: String? = nil, timeLimit: Duration? = nil) async throws -> RunResult {
    try await offThePool {
        RunSlots.semaphore.wait()
        defer { RunSlots.semaphore.signal() }
        return try runBlocking(executable, arguments, environment: environment, stdin: stdin, timeLimit: timeLimit)
    }
}

/// The bound on processes `run` has going at once. Hundreds of tests start processes in parallel;
/// unbounded, they kept ~1,450 descriptors (3 a process, for its pipes) and 630 threads open in
/// the test process and oversubscribed the two cores.
enum RunSlots {
    static let count = 16
    static let semaphore = DispatchSemaphore(value: count)
}

/// A clean environment for a process under test, with `overrides` on top: nothing of the
/// developer's REPORT_* settings leaks in, no colour, and a configuration directory and a report
/// cache of its own (so that no run is served what another run kept; a test that wants a cache
/// shared between runs passes its own XDG_CACHE_HOME).
public func testEnvironment(_ overrides: [String: String]) -> [String: String] {
    var base = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("REPORT_") }
    // The language of text for a person follows the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG):
    // the English golden files must not depend on the locale of whoever runs the tests. A test
    // of the language sets these itself.
    for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES"] { base[name] = nil }
    base["LANG"] = "C.UTF-8"
    base["NO_COLOR"] = "1"
    base["HOME"] = FileManager.default.temporaryDirectory.path
    base["XDG_CONFIG_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("report-tests-\(UUID().uuidString)").path
    base["XDG_CACHE_HOME"] = TestCaches.root.appendingPathComponent(UUID().uuidString).path
    return base.merging(overrides) { $1 }
}

/// The report caches of the runs that did not ask for one: one folder for the test process,
/// removed when it exits.
enum TestCaches {
    static let root: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("report-test-caches-\(getpid())")
        atexit { try? FileManager.default.removeItem(at: TestCaches.root) }
        return root
    }()
}

private func runBlocking(_ executable: URL, _ arguments: [String], environment: [String: String],
                         stdin: String?, timeLimit: Duration? = nil) throws -> RunResult {
    let process = ChildProcess()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = testEnvironment(environment)
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    let start = ContinuousClock.now
    try process.run()
    let finished = DispatchSemaphore(value: 0)
    let timedOut = Mutex(false)
    if let timeLimit {
        let pid = process.processIdentifier
        Thread {
            let seconds = Double(timeLimit.components.seconds) + Double(timeLimit.components.attoseconds) / 1e18
            if finished.wait(timeout: .now() + seconds) == .timedOut {
                timedOut.withLock { $0 = true }
                kill(pid, SIGKILL)
            }
        }.start()
    }
    defer { finished.signal() }
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try? input.fileHandleForWriting.close()
    // Read both pipes concurrently so a chatty process cannot block on a full pipe.
    let stderrData = Mutex(Data())
    let stderrDone = DispatchSemaphore(value: 0)
    Thread {
        let data = err.fileHandleForReading.readDataToEndOfFile()
        stderrData.withLock { $0 = data }
        stderrDone.signal()
    }.start()
    let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
    stderrDone.wait()
    process.waitUntilExit()
    return RunResult(status: process.terminationStatus,
                     stdout: String(decoding: stdoutData, as: UTF8.self),
                     stderr: stderrData.withLock { String(decoding: $0, as: UTF8.self) },
                     timedOut: timedOut.withLock { $0 }, elapsed: start.duration(to: .now))
}
