/// One match of `report search`: a text of a kept report, the interview it belongs to, and where
/// in the text the query was found.
public struct SearchHit: Hashable, Sendable {
    public let termNo: TermNumber
    public let registeredAt: String?
    public let itemType: ItemType
    public let companyName: String?
    public let field: SearchField
    /// A trait's name, a tip's category, a question's number: what the text belongs to.
    public let label: String?
    public let text: String
    /// The match, in characters of `text`.
    public let match: Range<Int>
    /// Higher first: more occurrences, in a weightier field, the phrase as typed (its blanks too).
    public let score: Int

    public init(termNo: TermNumber, registeredAt: String?, itemType: ItemType, companyName: String?, field: SearchField,
                label: String?, text: String, match: Range<Int>, score: Int) {
        self.termNo = termNo
        self.registeredAt = registeredAt
        self.itemType = itemType
        self.companyName = companyName
        self.field = field
        self.label = label
        self.text = text
        self.match = match
        self.score = score
    }

    /// The ranking: score, then the newer interview, then the term and the field's order.
    public static func ranked(_ hits: [SearchHit]) -> [SearchHit] {
        let order = Dictionary(uniqueKeysWithValues: SearchField.allCases.enumerated().map { ($1, $0) })
        return hits.sorted { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.registeredAt != b.registeredAt { return (a.registeredAt ?? "") > (b.registeredAt ?? "") }
            if a.termNo != b.termNo { return a.termNo > b.termNo }
            return order[a.field, default: 0] < order[b.field, default: 0]
        }
    }
}
