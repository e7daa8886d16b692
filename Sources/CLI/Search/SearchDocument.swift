import Domain
import Presentation
import Terminal

/// `report search --json`: the query, how many matched in how many kept reports, and the matches
/// ranked (`schema/search.schema.json`); `--jsonl` writes each match alone, with `schemaVersion`.
struct SearchDocument: JSONWritable, Sendable {
    let query: SearchQuery
    let results: SearchResults

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("matches")
            writer.array(results.hits) { writer, hit in Match(hit).write(to: &writer) }
            writer.member("query", query.text)
            writer.member("reports", results.reports)
            writer.schemaVersionMember()
            writer.member("total", results.total)
        }
    }

    /// One match: the interview, where the text is, the text and the match in it (offsets in
    /// characters, i.e. extended grapheme clusters), and the excerpt a person is shown.
    struct Match: JSONWritable, Sendable {
        let hit: SearchHit
        var schemaVersion: Int?

        init(_ hit: SearchHit, schemaVersion: Int? = nil) {
            self.hit = hit
            self.schemaVersion = schemaVersion
        }

        func write(to writer: inout JSONWriter) {
            let excerpt = SearchExcerpt(hit)
            writer.object { writer in
                writer.member("companyName", hit.companyName)
                writer.member("excerpt", excerpt.text(open: "", close: ""))
                writer.member("field", hit.field.rawValue)
                writer.member("itemTypeCode", hit.itemType.code.isEmpty ? nil : hit.itemType.code)
                writer.member("label", hit.label)
                writer.key("match")
                writer.object { writer in
                    writer.member("end", hit.match.upperBound)
                    writer.member("start", hit.match.lowerBound)
                    writer.member("text", excerpt.match)
                }
                writer.member("regDate", hit.registeredAt)
                writer.member("schemaVersion", ifPresent: schemaVersion)
                writer.member("score", hit.score)
                writer.member("section", hit.field.section.rawValue)
                writer.member("termNo", Int(hit.termNo.rawValue))
                writer.member("text", hit.text)
            }
        }
    }
}
