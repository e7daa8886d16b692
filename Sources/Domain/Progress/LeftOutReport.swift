/// A report a progress view (`trend`, `compare --latest`) left out, and why.
public struct LeftOutReport: Hashable, Sendable {
    public let termNo: TermNumber
    public let error: ReportError

    public init(termNo: TermNumber, error: ReportError) {
        self.termNo = termNo
        self.error = error
    }
}
