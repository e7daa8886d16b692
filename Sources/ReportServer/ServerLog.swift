import Foundation
import Logging
import Terminal

/// Every line report-server writes on stderr, in one format: `report-server: MESSAGE` — errors,
/// notices, `--verbose`'s request, fault and connection lines, and what Hummingbird and SwiftNIO log
/// (through `ServerLog.Handler`, their warnings as `report-server: warning: …`). A message can carry
/// a file name, a flag's value, a client's path or text from a data file: it is made printable (no
/// control characters or escape sequences reach the operator's terminal) and cut at 1,000 characters.
enum ServerLog {
    static func write(_ message: String) {
        FileHandle.standardError.write(Data(line(message).utf8))
    }

    /// `report-server: MESSAGE` and a newline.
    static func line(_ message: String) -> String {
        "report-server: \(PrintableText.oneLine(message, maxLength: 1000))\n"
    }

    /// swift-log's handler for the libraries' loggers: the message and its metadata (`key=value`),
    /// with the level named when it is not a plain notice.
    struct Handler: LogHandler {
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .warning

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let (level, message, explicit) = (event.level, event.message, event.metadata)
            let all = self.metadata.merging(explicit ?? [:]) { $1 }
            let details = all.keys.sorted().map { "\($0)=\(all[$0]!)" }.joined(separator: " ")
            let label = switch level {
            case .trace, .debug, .info, .notice: ""
            case .warning: "warning: "
            case .error, .critical: "error: "
            }
            ServerLog.write(label + "\(message)" + (details.isEmpty ? "" : " (\(details))"))
        }
    }
}
