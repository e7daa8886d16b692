/// One completed mock interview as it appears on the wire (the seed's CompletedInterviewData).
struct Interview: Codable, Sendable, Equatable {
    var termNo: UInt32
    var companyName: String
    var occupationName: String
    var careerName: String
    /// ISO-8601 date-time with offset, kept as written in the data file so the output is byte-stable.
    var regDate: String
    /// `COMPANY`, `PERSONALITY`, `COMPETENCY`, or a code added later; deliberately not an enum.
    var itemTypeCode: String
    var programLevel: String
    var analysisStatus: AnalysisStatus
}

extension Interview {
    func validate(_ path: String) throws(DataProblem) {
        if termNo == 0 { throw DataProblem(path: "\(path).termNo", message: "must be a positive integer") }
        for (key, value) in [
            ("companyName", companyName), ("occupationName", occupationName), ("careerName", careerName),
            ("itemTypeCode", itemTypeCode), ("programLevel", programLevel),
        ] where value.isEmpty {
            throw DataProblem(path: "\(path).\(key)", message: "must not be empty")
        }
        if ISO8601Timestamp.date(from: regDate) == nil {
            throw DataProblem(path: "\(path).regDate", message: "'\(regDate)' is not an ISO-8601 date-time")
        }
    }
}
