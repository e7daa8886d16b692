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
    /// `termNo` is read as a wider integer first, so that one past 2^32-1 is named with its key
    /// (JSONDecoder would call the whole file invalid JSON).
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let number = try container.decode(Int64.self, forKey: .termNo)
        guard let termNo = UInt32(exactly: number) else {
            throw DecodingError.dataCorruptedError(forKey: .termNo, in: container,
                                                   debugDescription: "\(number) is not within 1...\(UInt32.max)")
        }
        self.termNo = termNo
        companyName = try container.decode(String.self, forKey: .companyName)
        occupationName = try container.decode(String.self, forKey: .occupationName)
        careerName = try container.decode(String.self, forKey: .careerName)
        regDate = try container.decode(String.self, forKey: .regDate)
        itemTypeCode = try container.decode(String.self, forKey: .itemTypeCode)
        programLevel = try container.decode(String.self, forKey: .programLevel)
        analysisStatus = try container.decode(AnalysisStatus.self, forKey: .analysisStatus)
    }

    func validate(_ path: String) throws(DataProblem) {
        if termNo == 0 { throw DataProblem(path: "\(path).termNo", message: "must be a positive integer") }
        for (key, value) in [
            ("companyName", companyName), ("occupationName", occupationName), ("careerName", careerName),
            ("itemTypeCode", itemTypeCode), ("programLevel", programLevel),
        ] where value.isEmpty {
            throw DataProblem(path: "\(path).\(key)", message: "must not be empty")
        }
        if ISO8601Timestamp.date(from: regDate) == nil {
            throw DataProblem(path: "\(path).regDate", message: "\(DataProblem.quoted(regDate)) is not an ISO-8601 date-time")
        }
    }
}
