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
            throw DTOMappingError(.detailContractTermZero)
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

// How `GET /v1/interviews/{termNo}` reads (JSONReader): the interview's one decoder.

extension InterviewDTO: JSONBodyReadable {
    static func read(from reader: inout JSONReader) throws(JSONReadError) -> Self {
        var termNo: UInt32?
        var companyName: String??
        var occupationName: String??
        var careerName: String??
        var regDate: String??
        var itemTypeCode: String??
        var programLevel: String??
        var analysisStatus: String??
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "termNo": try reader.readInteger(&termNo, "termNo")
            case "companyName": try reader.readNullable(&companyName, "companyName") { reader throws(JSONReadError) in try reader.readString() }
            case "occupationName": try reader.readNullable(&occupationName, "occupationName") { reader throws(JSONReadError) in try reader.readString() }
            case "careerName": try reader.readNullable(&careerName, "careerName") { reader throws(JSONReadError) in try reader.readString() }
            case "regDate": try reader.readNullable(&regDate, "regDate") { reader throws(JSONReadError) in try reader.readString() }
            case "itemTypeCode": try reader.readNullable(&itemTypeCode, "itemTypeCode") { reader throws(JSONReadError) in try reader.readString() }
            case "programLevel": try reader.readNullable(&programLevel, "programLevel") { reader throws(JSONReadError) in try reader.readString() }
            case "analysisStatus": try reader.readNullable(&analysisStatus, "analysisStatus") { reader throws(JSONReadError) in try reader.readString() }
            default: try reader.skipValue()
            }
        }
        return Self(termNo: try reader.required(termNo, "termNo"),
                    companyName: companyName ?? nil,
                    occupationName: occupationName ?? nil,
                    careerName: careerName ?? nil,
                    regDate: regDate ?? nil,
                    itemTypeCode: itemTypeCode ?? nil,
                    programLevel: programLevel ?? nil,
                    analysisStatus: analysisStatus ?? nil)
    }
}

// How the store keeps an interview's value beside its body (`KeptForm`).

extension InterviewDTO: KeptFormBody {
    func value() throws(DTOMappingError) -> InterviewTerm { try toDomain() }

    static func write(_ value: InterviewTerm, to form: inout KeptForm.Writer) {
        form.int(Int(value.termNo.rawValue))
        form.optionalString(value.companyName)
        form.optionalString(value.occupationName)
        form.optionalString(value.careerName)
        form.optionalString(value.registeredAt)
        form.string(value.itemType.code)
        form.optionalString(value.programLevel)
        form.optionalString(value.analysisStatus.code)
    }

    static func read(from form: inout KeptForm.Reader) throws(KeptForm.Unreadable) -> InterviewTerm {
        guard let number = UInt32(exactly: try form.int()), let termNo = TermNumber(number) else { throw KeptForm.Unreadable() }
        return InterviewTerm(termNo: termNo, companyName: try form.optionalString(), occupationName: try form.optionalString(),
                             careerName: try form.optionalString(), registeredAt: try form.optionalString(),
                             itemType: ItemType(code: try form.string()), programLevel: try form.optionalString(),
                             analysisStatus: AnalysisStatus(code: try form.optionalString()))
    }
}
