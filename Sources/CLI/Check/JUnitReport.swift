import Domain
import Terminal
import Presentation

/// The checks of `report check` as JUnit XML, the format CI systems display as test results.
struct JUnitReport: Sendable {
    let results: [SmokeCheckResult]
    /// The one-line description of each failed check, by check.
    let failureMessages: [SmokeCheck: (code: String, message: String)]
    /// The service checked, a property of the suite (as CI systems show a suite's properties).
    var baseURL = ""
    /// The requests each check made, every attempt, in order.
    var requests: [SmokeCheck: [RequestRecorder.Request]] = [:]

    func render() -> String {
        let failures = results.filter { if case .failed = $0.outcome { true } else { false } }.count
        let skipped = results.filter { $0.outcome == .skipped }.count
        let total = results.reduce(Duration.zero) { $0 + $1.duration }
        let counts = #"tests="\#(results.count)" failures="\#(failures)" errors="0" skipped="\#(skipped)" time="\#(seconds(total))""#
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites name="report check" \#(counts)>"# + "\n"
        xml += #"  <testsuite name="report check" \#(counts)>"# + "\n"
        if !baseURL.isEmpty {
            xml += "    <properties>\n"
            xml += #"      <property name="baseURL" value="\#(escape(baseURL))"/>"# + "\n"
            xml += "    </properties>\n"
        }
        for result in results {
            let open = #"    <testcase classname="report.check" name="\#(escape(result.check.title))" time="\#(seconds(result.duration))""#
            switch result.outcome {
            case .passed:
                // What a passing check found, its term and the retries it took, in the output that
                // CI systems show beside a case (Jenkins' "Standard Output", GitLab's "System output").
                var lines = [result.detail] + termLine(result)
                let made = requests[result.check] ?? []
                let retries = made.filter(\.isRetry).count
                lines.append("retries: \(retries)")
                if retries > 0 { lines += made.map { $0.line(baseURL: baseURL) } }
                xml += open + ">\n"
                xml += "      <system-out>\(escape(lines.joined(separator: "\n")))</system-out>\n"
                xml += "    </testcase>\n"
            case .skipped:
                xml += open + ">\n" + #"      <skipped message="\#(escape(result.detail))"/>"# + "\n    </testcase>\n"
            case .failed:
                let failure = failureMessages[result.check] ?? (code: "failed", message: "failed")
                // The message names the term; the body (Jenkins' "Stacktrace", GitLab's "System
                // output") the requests the check made, each attempt, so a CI log needs no --verbose.
                let message = (result.term.map { "term \($0): " } ?? "") + failure.message
                let made = (requests[result.check] ?? []).map { $0.line(baseURL: baseURL) }
                let body = [message] + termLine(result) + ["requests: \(made.count)"] + made
                xml += open + ">\n"
                xml += #"      <failure type="\#(escape(failure.code))" message="\#(escape(message))">\#(escape(body.joined(separator: "\n")))</failure>"# + "\n"
                xml += "    </testcase>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// `term: 1001` for the report check that fetched (or tried to fetch) a term.
    private func termLine(_ result: SmokeCheckResult) -> [String] {
        result.term.map { ["term: \($0)"] } ?? []
    }

    private func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        let whole = milliseconds / 1000
        let fraction = milliseconds % 1000
        return "\(whole)." + String(repeating: "0", count: 3 - String(fraction).count) + String(fraction)
    }

    /// XML text and attribute escaping (`MarkupText`, the one escaper of HTML and XML).
    private func escape(_ text: String) -> String {
        MarkupText.escape(text)
    }
}
