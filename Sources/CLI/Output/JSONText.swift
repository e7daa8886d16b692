#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes a document for stdout or stderr: indented for a person at a terminal, one line for a
/// pipe (so `--jsonl` and `jq` both work), UTF-8 text unescaped (Korean stays readable), keys sorted so the output is byte-stable.
enum JSONText {
    static func encode(_ value: some Encodable, pretty: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
