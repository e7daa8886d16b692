@testable import CLI
import Foundation
import Terminal
import TestSupport

/// Runs `report` inside the test process on buffered streams (the `IOStreams` double): stdout as
/// a terminal `columns` wide (or a pipe when nil), stdin holding `input`, the environment of
/// `testEnvironment(environment)` and the clock fixed at `secondsSince1970`. The same commands,
/// flows and views as the binary, without a process, so usage and config errors, views and
/// documents are tested in milliseconds.
func reportInProcess(_ arguments: [String], environment: [String: String] = [:], columns: Int? = nil,
                     input: String = "", secondsSince1970: Int64 = 1_795_000_000,
                     outputFailure: Int32? = nil, errorIsTerminal: Bool = false) async -> RunResult {
    await InProcessSlots.shared.acquire()
    // How long the run took, from when it had its slot: the wait for one is the suite's, not report's.
    let started = ContinuousClock.now
    let output = OutputBuffer(isTerminal: columns != nil, columns: columns, failure: outputFailure)
    let error = OutputBuffer(isTerminal: errorIsTerminal, columns: errorIsTerminal ? columns : nil)
    let streams = IOStreams.buffered(input: Array(input.utf8), output: output, error: error)
    let context = AppContext(
        environment: AppEnvironment(variables: testEnvironment(environment)),
        streams: streams,
        clock: .fixed(secondsSince1970),
        ownsProcess: false)
    let status = await ReportCommand.run(arguments, in: context)
    await closeWhenDrained(streams.input)
    await InProcessSlots.shared.release()
    return RunResult(status: status, stdout: output.text, stderr: error.text, elapsed: .now - started)
}

/// The bound on runs `reportInProcess` has going at once, as `RunSlots` bounds processes: a run's
/// connections, its servers' ends of them and its engine's descriptors are the test process's own,
/// and beside the process suites an unbounded CLITests took the test process to 1,155 descriptors,
/// near the count at which Foundation's `Process.run()` crashes. The others wait their turn
/// (without holding a thread: an actor, not a semaphore).
actor InProcessSlots {
    static let shared = InProcessSlots(count: 8)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        free = count
    }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// `IOStreams.buffered` gives standard input a pipe whose reading end nothing closes (in the
/// binary the process's exit does): one descriptor a run, some 870 left open by a run of
/// CLITests, which took the test process towards the count at which Foundation's `Process.run()`
/// crashes (see `RunSlots`) — it did once beside the process suites. So it is read to its end
/// (the thread feeding it has then written everything and closed its end: no write can meet a
/// pipe without a reader, which would be SIGPIPE) and closed, on a thread of its own.
private func closeWhenDrained(_ input: StandardInput) async {
    let descriptor = input.descriptor
    _ = try? await offThePool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 || (count < 0 && errno == EINTR) { continue }
            break
        }
        close(descriptor)
    }
}

/// `report …` in-process, as a pipe would see it, with the given environment and stdin.
func report(_ arguments: String..., environment: [String: String] = [:], stdin: String? = nil) async throws -> RunResult {
    await reportInProcess(arguments, environment: environment, input: stdin ?? "")
}

/// `report` in-process with a demo token (member 42) against `server`, its cache in `cache`.
func cachedReport(_ arguments: [String], cache: CacheHome, server: ReferenceServer = .demo,
                  token: String? = "demo-access-42", environment: [String: String] = [:]) async throws -> RunResult {
    var variables = ["REPORT_BASE_URL": server.baseURL, "XDG_CACHE_HOME": cache.url.path]
    if let token { variables["REPORT_TOKEN"] = token }
    return await reportInProcess(arguments, environment: variables.merging(environment) { $1 })
}

extension ReportRunner {
    /// `report` in-process, on the wall clock (a stored token's "expires in" is real time).
    static let inProcess = ReportRunner { arguments, environment, stdin in
        await reportInProcess(arguments, environment: environment, input: stdin ?? "",
                              secondsSince1970: Int64(Date().timeIntervalSince1970))
    }
}

extension AuthHarness {
    /// A fresh server and configuration home whose `report` runs in-process.
    static func start(refreshTokenCount: Int = 1, tokenTTL: Double? = nil) async throws -> AuthHarness {
        try await start(refreshTokenCount: refreshTokenCount, tokenTTL: tokenTTL, runner: .inProcess)
    }
}
