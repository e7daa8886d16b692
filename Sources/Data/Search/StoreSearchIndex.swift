import Domain

/// `report search`'s full-text index, in the store's own database (`ReportStore`), in tables of
/// its own beside the store's; the store's `response` rows are its source, and it follows them:
/// each search first indexes the rows stored or replaced since it last looked (and forgets those
/// removed), so a batch's writes pay nothing for it, and a search after nothing changed reads two
/// small tables before the query.
///
/// The schema (`schemaVersion`, kept in `search_meta`; another version is dropped and rebuilt):
/// - `search_source(response_id, stored_at)`: which `response` rows are indexed, as of which
///   `stored_at` — a row replaced in place (a new body, the same id) has a newer one.
/// - `search_interview(term, kind, company, reg_date)`: each kept interview's kind (`COMPANY`…),
///   company and `regDate`, for the filters and the results.
/// - `search_text`: an FTS5 table with the trigram tokenizer (any part of a word matches, any
///   case), one row a searchable text (`SearchableText`): `term`, `field` (`SearchField`),
///   `label` and the `body` as the service wrote it (not indexed), and two indexed forms of it
///   (`KoreanSearchText`): `folded`, without blanks and lowercased (`압박면접` finds `압박 면접`),
///   and `choseong`, each syllable's initial consonant (`ㅊㅊㅎㄱ` finds `침착하게`). Its rowid is
///   the source row's id times 4096 plus the text's index, so a row's texts are one range.
///
/// A query of three characters or more is an FTS5 `MATCH` (the trigram index); a shorter one
/// (`침착`) is a `LIKE` over the same column, which FTS5 answers by reading the table.
final class StoreSearchIndex {
    static let schemaVersion: Int64 = 1
    static let textsPerRow: Int64 = 4096

    static let schema = """
        CREATE TABLE IF NOT EXISTS search_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
        CREATE TABLE IF NOT EXISTS search_source (response_id INTEGER PRIMARY KEY, stored_at INTEGER NOT NULL);
        CREATE TABLE IF NOT EXISTS search_interview (term INTEGER PRIMARY KEY, kind TEXT NOT NULL, company TEXT, reg_date TEXT);
        CREATE VIRTUAL TABLE IF NOT EXISTS search_text USING fts5(
            term UNINDEXED, field UNINDEXED, label UNINDEXED, body UNINDEXED, folded, choseong,
            tokenize = 'trigram'
        );
        """

    private let connection: SQLiteConnection

    init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// Makes the tables when they are missing (or of another version), then indexes what the
    /// store holds that the index does not yet.
    func update() throws {
        try prepareSchema()
        let stale = try staleRows()
        let removed = try removedRows()
        guard !stale.isEmpty || !removed.isEmpty else { return }
        try connection.transaction {
            for id in removed { try forget(id) }
            for row in stale { try index(row) }
        }
    }

    /// The matches of `query` among the indexed texts whose interview the filters keep.
    func search(_ query: SearchQuery) throws -> SearchResults {
        let choseong = query.isChoseong
        let needle = choseong ? String(query.folded) : query.folded
        guard !needle.isEmpty else { return SearchResults(hits: [], total: 0, reports: try reportCount()) }
        let column = choseong ? "choseong" : "folded"
        let condition: String
        let pattern: SQLiteConnection.Value
        if needle.count >= 3 {
            condition = "search_text MATCH ?"
            pattern = .text("\(column) : \"" + Self.escaped(needle, ["\"": "\"\""]) + "\"")
        } else {
            condition = "search_text.\(column) LIKE ? ESCAPE '\\'"
            pattern = .text("%" + Self.escaped(needle, ["\\": "\\\\", "%": "\\%", "_": "\\_"]) + "%")
        }
        let statement = try connection.prepare("""
            SELECT search_text.term, search_text.field, search_text.label, search_text.body,
                   search_interview.kind, search_interview.company, search_interview.reg_date,
                   search_text.\(column)
            FROM search_text LEFT JOIN search_interview ON search_interview.term = search_text.term
            WHERE \(condition)
            """)
        defer { statement.reset() }
        try statement.bind([pattern])
        let typed = KoreanSearchText(query.text).folded
        let wanted = Array((choseong ? needle : typed).utf8)
        let spaced = Array(query.text.utf8)
        // Every match is scored from the indexed form (bytes, no per-character work); only those
        // shown are mapped back to the text for their excerpt.
        var hits: [SearchHit] = []
        while try statement.step() {
            guard let term = TermNumber(UInt32(clamping: statement.integer(0))),
                  let field = SearchField(rawValue: statement.text(1) ?? ""), let body = statement.text(3),
                  let form = statement.text(7) else { continue }
            let kind = ItemType(code: statement.text(4) ?? "")
            let company = statement.text(5)
            let registeredAt = statement.text(6)
            guard query.keeps(kind: kind, registeredAt: registeredAt, company: company) else { continue }
            let occurrences = Self.occurrences(of: wanted, in: Array(form.utf8))
            guard occurrences > 0 else { continue }
            // More occurrences, a weightier field, and the phrase as typed (its blanks too) first.
            let asTyped = !choseong && Self.occurrences(of: spaced, in: Array(body.utf8)) > 0 ? 2 : 0
            hits.append(SearchHit(termNo: term, registeredAt: registeredAt, itemType: kind, companyName: company, field: field,
                                  label: statement.text(2), text: body, match: 0..<0,
                                  score: field.weight * 2 + min(occurrences, 3) + asTyped))
        }
        let ranked = SearchHit.ranked(hits)
        let shown: [SearchHit] = ranked.prefix(query.limit).map { hit in
            let forms = KoreanSearchText(hit.text)
            let match = forms.originalRange(of: choseong ? needle : typed, in: choseong ? forms.choseong : forms.folded) ?? 0..<0
            return SearchHit(termNo: hit.termNo, registeredAt: hit.registeredAt, itemType: hit.itemType, companyName: hit.companyName,
                             field: hit.field, label: hit.label, text: hit.text, match: match, score: hit.score)
        }
        return SearchResults(hits: shown, total: ranked.count, reports: try reportCount())
    }

    /// How many times `needle` occurs in `haystack`, not overlapping (UTF-8 bytes: a match of
    /// bytes of valid UTF-8 is a match of characters).
    static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> Int {
        guard let first = needle.first, needle.count <= haystack.count else { return 0 }
        var count = 0
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) {
                count += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        return count
    }

    /// `text` with each character of `replacements` replaced: an FTS5 string's `"` doubled, a
    /// LIKE pattern's `\\`, `%` and `_` escaped.
    private static func escaped(_ text: String, _ replacements: [Character: String]) -> String {
        var out = ""
        for character in text { out += replacements[character] ?? String(character) }
        return out
    }

    /// How many kept reports the index holds.
    func reportCount() throws -> Int {
        Int(try connection.integer("SELECT count(*) FROM response WHERE kind = 'report'") ?? 0)
    }

    // MARK: Following the store

    private struct SourceRow {
        let id: Int64
        let term: Int64
        let kind: String
        let body: [UInt8]
        let storedAt: Int64
    }

    private func prepareSchema() throws {
        let hasMeta = try connection.integer("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'search_meta'") ?? 0
        if hasMeta > 0,
           try connection.integer("SELECT value FROM search_meta WHERE key = 'version'") == Self.schemaVersion {
            return
        }
        try connection.transaction {
            try connection.execute("""
                DROP TABLE IF EXISTS search_text; DROP TABLE IF EXISTS search_source;
                DROP TABLE IF EXISTS search_interview; DROP TABLE IF EXISTS search_meta;
                """)
            try connection.execute(Self.schema)
            try connection.run("INSERT INTO search_meta (key, value) VALUES ('version', ?)", .integer(Self.schemaVersion))
        }
    }

    /// The store's rows not indexed yet, or replaced since.
    private func staleRows() throws -> [SourceRow] {
        let statement = try connection.prepare("""
            SELECT response.id, response.term, response.kind, response.body, response.stored_at
            FROM response LEFT JOIN search_source ON search_source.response_id = response.id
            WHERE search_source.stored_at IS NULL OR search_source.stored_at != response.stored_at
            """)
        defer { statement.reset() }
        var rows: [SourceRow] = []
        while try statement.step() {
            rows.append(SourceRow(id: statement.integer(0), term: statement.integer(1), kind: statement.text(2) ?? "",
                                  body: statement.blob(3) ?? [], storedAt: statement.integer(4)))
        }
        return rows
    }

    /// Indexed rows the store no longer has.
    private func removedRows() throws -> [Int64] {
        let statement = try connection.prepare(
            "SELECT response_id FROM search_source WHERE response_id NOT IN (SELECT id FROM response)")
        defer { statement.reset() }
        var ids: [Int64] = []
        while try statement.step() { ids.append(statement.integer(0)) }
        return ids
    }

    private func forget(_ id: Int64) throws {
        try connection.run("DELETE FROM search_text WHERE rowid >= ? AND rowid < ?",
                           .integer(id * Self.textsPerRow), .integer((id + 1) * Self.textsPerRow))
        try connection.run("DELETE FROM search_source WHERE response_id = ?", .integer(id))
    }

    /// Indexes one row of the store (after forgetting what it held before). A body that cannot be
    /// read is left out of the index, as the store leaves it out of a fetch.
    private func index(_ row: SourceRow) throws {
        try forget(row.id)
        switch row.kind {
        case "interview":
            if let interview = try? ReportResponseReader.interview(row.body) {
                try connection.run("INSERT OR REPLACE INTO search_interview (term, kind, company, reg_date) VALUES (?, ?, ?, ?)",
                                   .integer(row.term), .text(interview.itemType.code),
                                   interview.companyName.map { .text($0) } ?? .null,
                                   interview.registeredAt.map { .text($0) } ?? .null)
            }
        case "report":
            if case .ready(let report)? = try? ReportResponseReader.analysisReport(row.body) {
                try insert(SearchableText.texts(of: report, video: nil), row: row)
            }
        case "video":
            if let video = try? ReportResponseReader.videoReport(row.body) {
                try insert(SearchableText.texts(of: nil, video: video), row: row)
            }
        default:
            break
        }
        try connection.run("INSERT OR REPLACE INTO search_source (response_id, stored_at) VALUES (?, ?)",
                           .integer(row.id), .integer(row.storedAt))
    }

    private func insert(_ texts: [SearchableText], row: SourceRow) throws {
        for (offset, text) in texts.prefix(Int(Self.textsPerRow)).enumerated() {
            let forms = KoreanSearchText(text.text)
            try connection.run("""
                INSERT INTO search_text (rowid, term, field, label, body, folded, choseong) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, .integer(row.id * Self.textsPerRow + Int64(offset)), .integer(row.term), .text(text.field.rawValue),
                text.label.map { .text($0) } ?? .null, .text(text.text), .text(forms.folded), .text(forms.choseong))
        }
    }
}
