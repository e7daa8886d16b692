// How `GET /v1/interviews/{termNo}` reads (JSONReader): the interview's one decoder.

extension InterviewDTO: JSONBodyReadable {
    static func read(from reader: inout JSONReader) throws(JSONReadError) -> Self {
        var termNo: UInt32?
        var companyName: String?
        var occupationName: String?
        var careerName: String?
        var regDate: String?
        var itemTypeCode: String?
        var programLevel: String?
        var analysisStatus: String?
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "termNo": try reader.readInteger(&termNo, "termNo")
            case "companyName": try reader.readString(&companyName, "companyName")
            case "occupationName": try reader.readString(&occupationName, "occupationName")
            case "careerName": try reader.readString(&careerName, "careerName")
            case "regDate": try reader.readString(&regDate, "regDate")
            case "itemTypeCode": try reader.readString(&itemTypeCode, "itemTypeCode")
            case "programLevel": try reader.readString(&programLevel, "programLevel")
            case "analysisStatus": try reader.readString(&analysisStatus, "analysisStatus")
            default: try reader.skipValue()
            }
        }
        return Self(termNo: try reader.required(termNo, "termNo"),
                    companyName: try reader.required(companyName, "companyName"),
                    occupationName: try reader.required(occupationName, "occupationName"),
                    careerName: try reader.required(careerName, "careerName"),
                    regDate: try reader.required(regDate, "regDate"),
                    itemTypeCode: try reader.required(itemTypeCode, "itemTypeCode"),
                    programLevel: try reader.required(programLevel, "programLevel"),
                    analysisStatus: try reader.required(analysisStatus, "analysisStatus"))
    }
}
