/// The reports a progress view could fetch, in the order asked, and those it left out.
public struct ProgressReports: Sendable {
    public var snapshots: [ReportSnapshot]
    public var leftOut: [LeftOutReport]

    public init(snapshots: [ReportSnapshot] = [], leftOut: [LeftOutReport] = []) {
        self.snapshots = snapshots
        self.leftOut = leftOut
    }

    init(_ results: [(TermNumber, Result<ReportSnapshot, ReportError>)]) {
        self.init()
        for (term, result) in results {
            switch result {
            case .success(let snapshot): snapshots.append(snapshot)
            case .failure(let error): leftOut.append(LeftOutReport(termNo: term, error: error))
            }
        }
    }
}
