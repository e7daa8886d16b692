import Presentation
import Terminal

/// What a batch has come to so far: how many items succeeded and why the others did not. It
/// decides the batch's exit code and writes its summary line.
struct BatchTally: Sendable {
    private(set) var succeeded = 0
    private(set) var failed = 0
    /// Failures by category (`CLIError.code`), with the exit code of each, in first-seen order.
    private(set) var categories: [(code: String, status: ExitStatus, count: Int)] = []
    /// The hint of the first failure that had one, for a summary of failures that all share a code.
    private var firstHint: String?

    var done: Int { succeeded + failed }

    mutating func recordSuccess() {
        succeeded += 1
    }

    mutating func recordFailure(_ error: CLIError, hint: String?) {
        failed += 1
        if let index = categories.firstIndex(where: { $0.code == error.code }) {
            categories[index].count += 1
        } else {
            categories.append((error.code, error.status, 1))
        }
        if firstHint == nil { firstHint = hint }
    }

    /// 0 when every item succeeded (or there were none); 1 when some did; when none did, the
    /// failures' exit code if they all have the same one, else 2.
    var exitStatus: ExitStatus {
        guard failed > 0 else { return .success }
        if succeeded > 0 { return .partialFailure }
        return sharedStatus ?? .noneSucceeded
    }

    /// The exit code every failure so far has, when they all have the same one.
    private var sharedStatus: ExitStatus? {
        let statuses = Set(categories.map(\.status))
        return statuses.count == 1 ? statuses.first : nil
    }

    /// `998 of 1000 fetched, 2 failed (1 not found, 1 forbidden) in 1.3 s`, and when nothing
    /// succeeded for one reason, what to do about it.
    func summary(seconds: Double, words: Words = .english) -> String {
        let time = Self.elapsed(seconds, words: words)
        guard done > 0 else { return words.sentence(words[.batchNoTerms]) }
        let text: String
        if failed > 0 {
            let reasons = categories.map { category in
                words(.batchFailureCount, ["count": "\(category.count)", "name": Self.name(of: category.code, words: words)])
            }.joined(separator: ", ")
            text = words(.batchSummaryFailed, ["succeeded": "\(succeeded)", "done": "\(done)", "failed": "\(failed)",
                                                "reasons": reasons, "time": time])
        } else {
            text = words(.batchSummary, ["succeeded": "\(succeeded)", "done": "\(done)", "time": time])
        }
        return words.line(text, hint: succeeded == 0 && sharedStatus != nil ? firstHint : nil)
    }

    /// The summary as one JSON object for `--jsonl`: `{"summary": {…}}`.
    func summaryDocument(seconds: Double) -> SummaryDocument {
        SummaryDocument(summary: .init(
            total: done, fetched: succeeded, failed: failed,
            failures: categories.map { .init(code: $0.code, exitCode: $0.status.rawValue, count: $0.count) },
            seconds: (seconds * 1000).rounded() / 1000, exitCode: exitStatus.rawValue))
    }

    struct SummaryDocument: JSONWritable, Sendable {
        struct Body: JSONWritable, Sendable {
            let total: Int
            let fetched: Int
            let failed: Int
            let failures: [Failure]
            let seconds: Double
            let exitCode: Int32

            func write(to writer: inout JSONWriter) {
                writer.object { writer in
                    writer.member("exitCode", exitCode)
                    writer.member("failed", failed)
                    writer.member("failures", failures)
                    writer.member("fetched", fetched)
                    writer.member("seconds", seconds)
                    writer.member("total", total)
                }
            }
        }

        struct Failure: JSONWritable, Sendable {
            let code: String
            let exitCode: Int32
            let count: Int

            func write(to writer: inout JSONWriter) {
                writer.object { writer in
                    writer.member("code", code)
                    writer.member("count", count)
                    writer.member("exitCode", exitCode)
                }
            }
        }

        let summary: Body

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.schemaVersionMember()
                writer.member("summary", summary)
            }
        }
    }

    /// A category as words: `not_found` → `not found` (Korean `면접 없음`), `analysis_pending` →
    /// `still being analysed`; a code without a name of its own is itself (Korean `오류(code)`).
    static func name(of code: String, words: Words = .english) -> String {
        if let message = failureNames[code] { return words[message] }
        return words.language == .english ? code.replacingUnderscores() : words(.failureOther, ["code": code])
    }

    static let failureNames: [String: Message] = [
        "not_found": .failureNotFound, "forbidden": .failureForbidden, "analysis_pending": .failurePending,
        "analysis_failed": .failureAnalysisFailed, "invalid_term": .failureInvalidTerm, "input_not_found": .failureInputNotFound,
        "unauthorized": .failureUnauthorized, "network": .failureNetwork, "server_error": .failureServer,
        "unavailable": .failureUnavailable, "maintenance": .failureMaintenance, "not_cached": .failureNotCached,
        "invalid_response": .failureInvalidResponse, "timeout": .failureTimeout,
    ]

    /// `1.3 s` from a second on (one decimal place), `18 ms` below it, `under 1 ms` below that —
    /// never `0.0 s` for a batch that took time.
    static func elapsed(_ seconds: Double, words: Words = .english) -> String {
        let milliseconds = Int((max(0, seconds) * 1000).rounded())
        if milliseconds < 1 { return words[.elapsedUnderOneMillisecond] }
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }
}

private extension String {
    func replacingUnderscores() -> String {
        String(map { $0 == "_" ? " " : $0 })
    }
}
