import Domain
import Terminal

/// `Interview` on the wire (the seed's CompletedInterviewData).
/// Read by `JSONReader` only (`InterviewDTO+JSONBodyReadable.swift`).
struct InterviewDTO: ResponseBody {
    let termNo: UInt32
    // Only shown: each may be null or missing (nil), and is then shown as "—" (JSON: null).
    let companyName: String?
    let occupationName: String?
    let careerName: String?
    let regDate: String?
    let itemTypeCode: String?
    let programLevel: String?
    let analysisStatus: String?

    func toDomain() throws(DTOMappingError) -> InterviewTerm {
        guard let term = TermNumber(termNo) else {
            throw DTOMappingError("termNo must be a positive integer, got 0")
        }
        // Every string from the service is cleaned here, before any view can print it. An empty
        // display string is as good as none.
        func text(_ value: String?) -> String? {
            value.map { PrintableText.line($0) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        return InterviewTerm(termNo: term, companyName: text(companyName), occupationName: text(occupationName),
                             careerName: text(careerName), registeredAt: text(regDate),
                             itemType: ItemType(code: text(itemTypeCode) ?? ""),
                             programLevel: text(programLevel), analysisStatus: AnalysisStatus(code: text(analysisStatus)))
    }
}
