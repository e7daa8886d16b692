/// What `report search` looks for: one phrase (its blanks ignored, any case; initial consonants
/// alone match the syllables they begin), in the kept reports the filters keep.
public struct SearchQuery: Sendable, Equatable {
    public let text: String
    /// Only interviews of these kinds (empty: every kind).
    public let kinds: Set<ItemType>
    /// `YYYY-MM-DD`, compared with the interview's own date, as `trend` compares it.
    public let since: String?
    public let until: String?
    /// Only interviews whose company name contains this (any case).
    public let company: String?
    /// At most this many matches.
    public let limit: Int

    public init(text: String, kinds: Set<ItemType> = [], since: String? = nil, until: String? = nil,
                company: String? = nil, limit: Int = 50) {
        self.text = text
        self.kinds = kinds
        self.since = since
        self.until = until
        self.company = company
        self.limit = limit
    }

    /// The query as the index's forms hold text: without blanks, lowercased.
    public var folded: String { KoreanSearchText(text).folded }

    /// Whether the query is initial consonants only (`ㅊㅊㅎㄱ`).
    public var isChoseong: Bool { KoreanSearchText.isChoseong(text) }

    /// Whether an interview passes the filters.
    public func keeps(kind: ItemType, registeredAt: String?, company name: String?) -> Bool {
        if !kinds.isEmpty && !kinds.contains(kind) { return false }
        if since != nil || until != nil {
            guard let day = registeredAt?.prefix(10) else { return false }
            if let since, day < since { return false }
            if let until, day > until { return false }
        }
        if let company, !company.isEmpty {
            guard let name, name.lowercased().contains(company.lowercased()) else { return false }
        }
        return true
    }
}
