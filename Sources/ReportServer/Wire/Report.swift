/// The analysis report; each section is `null` when the analysis produced nothing for it.
struct Report: Codable, Sendable, Equatable {
    var tips: Tips?
    var character: CharacterProfile?
    var aptitude: Aptitude?
    /// Singular on the wire, a quirk kept from the seed; the domain calls it keywords.
    var keyword: [String]?

    private enum CodingKeys: String, CodingKey { case tips, character, aptitude, keyword }

    init(tips: Tips?, character: CharacterProfile?, aptitude: Aptitude?, keyword: [String]?) {
        self.tips = tips
        self.character = character
        self.aptitude = aptitude
        self.keyword = keyword
    }

    /// Every key must be there, `null` or not, as the contract requires: a data file that leaves
    /// one out (a typo such as `keywords`) is refused, not read as a section without data.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tips = try container.decode(Tips?.self, forKey: .tips)
        character = try container.decode(CharacterProfile?.self, forKey: .character)
        aptitude = try container.decode(Aptitude?.self, forKey: .aptitude)
        keyword = try container.decode([String]?.self, forKey: .keyword)
    }

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
