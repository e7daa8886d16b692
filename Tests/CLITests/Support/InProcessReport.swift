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
    let output = OutputBuffer(isTerminal: columns != nil, columns: columns, failure: outputFailure)
    let error = OutputBuffer(isTerminal: errorIsTerminal, columns: errorIsTerminal ? columns : nil)
    let context = AppContext(
        environment: AppEnvironment(variables: testEnvironment(environment)),
        streams: .buffered(input: Array(input.utf8), output: output, error: error),
        clock: .fixed(secondsSince1970),
        ownsProcess: false)
    let status = await ReportCommand.run(arguments, in: context)
    return RunResult(status: status, stdout: output.text, stderr: error.text)
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
