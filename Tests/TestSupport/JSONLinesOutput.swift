import Foundation
import Testing

extension RunResult {
    /// The term numbers of the JSON Lines on stdout (a batch's reports), in order.
    public func termNumbers() throws -> [Int] {
        try stdoutLines.filter { !$0.isEmpty }.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require((object["interview"] as? [String: Any])?["termNo"] as? Int)
        }
    }

    /// The JSON objects on stderr, one a line (a batch's error lines and summary).
    public func stderrObjects() throws -> [[String: Any]] {
        try stderrLines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
        }
    }
}
