/// The app's deep link to a finished report, `iamground://analysisComplete?memIdx=42&termNo=1001`.
public struct AnalysisCompleteLink: Hashable, Sendable {
    public let memIdx: Int
    public let termNo: TermNumber

    public init(memIdx: Int, termNo: TermNumber) {
        self.memIdx = memIdx
        self.termNo = termNo
    }

    /// Why a text is not such a link; one line, safe to print.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Parses the link strictly: scheme `iamground`, host `analysisComplete`, and both query
    /// items exactly once, as decimal numbers.
    public init(parsing text: String) throws(ParseError) {
        let prefix = "iamground://analysisComplete"
        guard text.hasPrefix(prefix) else {
            throw ParseError(description: "not an analysis link: expected \(prefix)?memIdx=…&termNo=…")
        }
        var rest = text.dropFirst(prefix.count)
        if rest.first == "/" { rest = rest.dropFirst() }
        guard rest.first == "?" else { throw ParseError(description: "the link has no memIdx and termNo") }
        var values: [String: Substring] = [:]
        for pair in rest.dropFirst().split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard parts.count == 2 else { throw ParseError(description: "the link's \(name) has no value") }
            guard values[name] == nil else { throw ParseError(description: "the link gives \(name) twice") }
            values[name] = parts[1]
        }
        guard let memText = values["memIdx"], !memText.isEmpty, memText.count <= 18,
              memText.allSatisfy({ $0.isASCII && $0.isNumber }), let memIdx = Int(memText) else {
            throw ParseError(description: "the link's memIdx must be a number")
        }
        guard let termText = values["termNo"], let termNo = TermNumber(parsing: termText) else {
            throw ParseError(description: "the link's termNo must be a positive number up to 4294967295")
        }
        self.init(memIdx: memIdx, termNo: termNo)
    }
}
