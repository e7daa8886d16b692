@testable import CLI
import Foundation
import Terminal

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
