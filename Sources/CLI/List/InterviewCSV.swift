import Domain
import Presentation
import Terminal

/// `report list --format csv` (`schema/list.csv.json`): one row an interview, the columns of the
/// JSON document's interview object, the date in KST.
struct InterviewCSV: CSVTable {
    static let columns: [Message] = [.csvTermNo, .csvRegDate, .csvCompanyName, .csvOccupationName, .csvCareerName,
                                     .csvItemTypeCode, .csvProgramLevel, .csvAnalysisStatus]

    let interviews: [InterviewTerm]

    var rows: [[CSVWriter.Cell]] {
        interviews.map { interview in
            [.number(Int(interview.termNo.rawValue)), .kst(interview.registeredAt), .text(interview.companyName),
             .text(interview.occupationName), .text(interview.careerName),
             .text(interview.itemType.code.isEmpty ? nil : interview.itemType.code), .text(interview.programLevel),
             .text(interview.analysisStatus.code)]
        }
    }
}
