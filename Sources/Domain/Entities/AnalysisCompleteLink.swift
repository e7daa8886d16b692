/// The app's deep link to a finished report, `iamground://analysisComplete?memIdx=42&termNo=1001`.
public struct AnalysisCompleteLink: Hashable, Sendable {
    public let memIdx: Int
    public let termNo: TermNumber

    public init(memIdx: Int, termNo: TermNumber) {
        self.memIdx = memIdx
        self.termNo = termNo
    }

    /// Why a text is not such a link: `problem` for the words a person reads (the catalog's),
    /// `description` one English line, safe to print, for a log.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public enum Problem: Hashable, Sendable {
            /// Not `iamground://analysisComplete…`.
            case notAnalysisLink
            /// No query after the link's host.
            case noQuery
            /// A query item (named) without `=value`.
            case noValue(String)
            /// A query item (named) given twice.
            case givenTwice(String)
            case badMemIdx, badTermNo
        }

        public let problem: Problem

        init(_ problem: Problem) {
            self.problem = problem
        }

        public var description: String {
            switch problem {
            case .notAnalysisLink: "not an analysis link: expected iamground://analysisComplete?memIdx=…&termNo=…"
            case .noQuery: "the link has no memIdx and termNo"
            case .noValue(let name): "the link's \(name) has no value"
            case .givenTwice(let name): "the link gives \(name) twice"
            case .badMemIdx: "the link's memIdx must be a number"
            case .badTermNo: "the link's termNo must be a positive number up to 4294967295"
            }
        }
    }

    /// Parses the link strictly: scheme `iamground`, host `analysisComplete`, and both query
    /// items exactly once, as decimal numbers.
    public init(parsing text: String) throws(ParseError) {
        let prefix = "iamground://analysisComplete"
        guard text.hasPrefix(prefix) else {
            throw ParseError(.notAnalysisLink)
        }
        var rest = text.dropFirst(prefix.count)
        if rest.first == "/" { rest = rest.dropFirst() }
        guard rest.first == "?" else { throw ParseError(.noQuery) }
        var values: [String: Substring] = [:]
        for pair in rest.dropFirst().split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard parts.count == 2 else { throw ParseError(.noValue(name)) }
            guard values[name] == nil else { throw ParseError(.givenTwice(name)) }
            values[name] = parts[1]
        }
        guard let memText = values["memIdx"], !memText.isEmpty, memText.count <= 18,
              memText.allSatisfy({ $0.isASCII && $0.isNumber }), let memIdx = Int(memText) else {
            throw ParseError(.badMemIdx)
        }
        guard let termText = values["termNo"], let termNo = TermNumber(parsing: termText) else {
            throw ParseError(.badTermNo)
        }
        self.init(memIdx: memIdx, termNo: termNo)
    }
}
