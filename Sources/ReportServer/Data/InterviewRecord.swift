/// One `interviews/<termNo>.json` file: the interview, its owner and its analysis results.
struct InterviewRecord: Codable, Sendable, Equatable {
    /// The member the interview belongs to.
    var memIdx: Int
    var interview: Interview
    var report: Report?
    var videoReport: VideoReport?
    /// When set, the first N report requests find the analysis still running.
    var readyAfterPolls: Int?

    func validate() throws(DataProblem) {
        try interview.validate("interview")
        try report?.validate("report")
        try videoReport?.validate("videoReport")
        if videoReport != nil, report == nil {
            throw DataProblem(path: "videoReport", message: "must be null when report is null")
        }
        switch (interview.analysisStatus, report, readyAfterPolls) {
        case (_, _, let polls?) where polls < 1:
            throw DataProblem(path: "readyAfterPolls", message: "must be at least 1")
        case (.pending, nil, _?):
            throw DataProblem(path: "report", message: "an interview with readyAfterPolls needs the report it becomes ready with")
        case (.pending, _, _?):
            break
        case (let status, _, _?):
            throw DataProblem(
                path: "interview.analysisStatus",
                message: "is \(status.rawValue), but an interview with readyAfterPolls starts PENDING"
            )
        case (.done, nil, nil):
            throw DataProblem(path: "report", message: "a DONE interview needs a report")
        case (.pending, _?, nil), (.failed, _?, nil):
            throw DataProblem(
                path: "report",
                message: "must be null while analysisStatus is \(interview.analysisStatus.rawValue) (add readyAfterPolls to make it become ready)"
            )
        case (.done, _?, nil), (.pending, nil, nil), (.failed, nil, nil):
            break
        }
    }
}
