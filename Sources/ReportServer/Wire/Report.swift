/// The analysis report; each section is `null` when the analysis produced nothing for it.
struct Report: Codable, Sendable, Equatable {
    var tips: Tips?
    var character: CharacterProfile?
    var aptitude: Aptitude?
    /// Singular on the wire, a quirk kept from the seed; the domain calls it keywords.
    var keyword: [String]?

    // Absent sections are written as explicit `null`s: the contract lists every key.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tips, forKey: .tips)
        try container.encode(character, forKey: .character)
        try container.encode(aptitude, forKey: .aptitude)
        try container.encode(keyword, forKey: .keyword)
    }

    func validate(_ path: String) throws(DataProblem) {
        try tips?.validate("\(path).tips")
        try character?.validate("\(path).character")
        try aptitude?.validate("\(path).aptitude")
        for (index, word) in (keyword ?? []).enumerated() where word.isEmpty {
            throw DataProblem(path: "\(path).keyword[\(index)]", message: "must not be empty")
        }
    }
}
