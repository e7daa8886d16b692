/// Counts report requests per interview, so analyses with `readyAfterPolls` become ready.
actor AnalysisProgress {
    private var reportRequests: [UInt32: Int] = [:]

    /// Records one report request and returns whether the analysis is still running for it.
    func recordReportRequest(for record: InterviewRecord) -> Bool {
        guard let polls = record.readyAfterPolls else { return false }
        let termNo = record.interview.termNo
        let count = reportRequests[termNo, default: 0] + 1
        reportRequests[termNo] = count
        return count <= polls
    }

    /// The analysis status right now: PENDING until `readyAfterPolls` report requests were made.
    func status(of record: InterviewRecord) -> AnalysisStatus {
        guard let polls = record.readyAfterPolls else { return record.interview.analysisStatus }
        return reportRequests[record.interview.termNo, default: 0] < polls ? .pending : .done
    }
}
