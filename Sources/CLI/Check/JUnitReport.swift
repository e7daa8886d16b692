import Terminal
import Presentation

/// The checks of `report check` as JUnit XML, the format CI systems display as test results.
struct JUnitReport: Sendable {
    let results: [SmokeCheckResult]
    /// The one-line description of each failed check, by check.
    let failureMessages: [SmokeCheck: (code: String, message: String)]
    /// The service checked, a property of the suite (as CI systems show a suite's properties).
    var baseURL = ""

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
                xml += open + ">\n"
                xml += "      <system-out>\(escape(result.detail))</system-out>\n"
                xml += "    </testcase>\n"
            case .skipped:
                xml += open + ">\n" + #"      <skipped message="\#(escape(result.detail))"/>"# + "\n    </testcase>\n"
            case .failed:
                let failure = failureMessages[result.check] ?? (code: "failed", message: "failed")
                xml += open + ">\n"
                xml += #"      <failure type="\#(escape(failure.code))" message="\#(escape(failure.message))">\#(escape(failure.message))</failure>"# + "\n"
                xml += "    </testcase>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
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
