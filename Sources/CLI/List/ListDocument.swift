import Terminal

/// `report list --json`: `{"interviews": […], "nextPage": {"page", "pageSize"} | null,
/// "schemaVersion", "total"}` — the interviews listed (after `--status`/`--kind` and `--limit`),
/// where the next command would start (`report list --page P --page-size S`; null after the last
/// page), and how many interviews the service has in all. Described by `schema/list.schema.json`.
struct ListDocument: JSONWritable, Sendable {
    struct NextPage: JSONWritable, Sendable, Equatable {
        let page: Int
        let pageSize: Int

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("page", page)
                writer.member("pageSize", pageSize)
            }
        }
    }

    let interviews: [ReportDocument.InterviewObject]
    let nextPage: NextPage?
    let total: Int

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("interviews", interviews)
            writer.member("nextPage", nextPage)
            writer.schemaVersionMember()
            writer.member("total", total)
        }
    }
}
