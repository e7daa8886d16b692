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
