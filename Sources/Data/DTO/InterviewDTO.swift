import Domain

/// `Interview` on the wire (the seed's CompletedInterviewData).
/// Read by `JSONReader` only (`InterviewDTO+JSONBodyReadable.swift`).
struct InterviewDTO: ResponseBody {
    let termNo: UInt32
    let companyName: String
    let occupationName: String
    let careerName: String
    let regDate: String
    let itemTypeCode: String
    let programLevel: String
    let analysisStatus: String

    func toDomain() throws(DTOMappingError) -> InterviewTerm {
        guard let term = TermNumber(termNo) else {
            throw DTOMappingError("termNo must be a positive integer, got 0")
        }
        guard let status = AnalysisStatus(rawValue: analysisStatus) else {
            throw DTOMappingError("analysisStatus must be DONE, PENDING or FAILED, got \(quoted(analysisStatus))")
        }
        guard !itemTypeCode.isEmpty else { throw DTOMappingError("itemTypeCode is empty") }
        // Every string from the service is cleaned here, before any view can print it.
        return InterviewTerm(termNo: term, companyName: TextSanitizer.line(companyName),
                             occupationName: TextSanitizer.line(occupationName),
                             careerName: TextSanitizer.line(careerName), registeredAt: TextSanitizer.line(regDate),
                             itemType: ItemType(code: TextSanitizer.line(itemTypeCode)),
                             programLevel: TextSanitizer.line(programLevel), analysisStatus: status)
    }
}
