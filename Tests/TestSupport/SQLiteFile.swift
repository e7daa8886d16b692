import CSQLite
import Foundation

/// A report store's database read (and damaged) by a test, through SQLite's C API.
enum SQLiteFile {
    /// The names of the rows of `response` (`report-1001`); none when the file cannot be read.
    static func names(in database: URL) -> [String] {
        var names: [String] = []
        query("SELECT kind || '-' || term FROM response ORDER BY term, kind", in: database) { statement in
            names.append(String(cString: report_sqlite3_column_text(statement, 0)))
        }
        return names
    }

    /// The bytes of the bodies kept.
    static func bodyBytes(in database: URL) -> Int {
        var total = 0
        query("SELECT total(length(body)) FROM response", in: database) { total = Int(report_sqlite3_column_int64($0, 0)) }
        return total
    }

    /// Runs `sql` with `term` and `kind` bound to `?1` and `?2`.
    static func run(_ sql: String, in database: URL, term: Int, kind: String) throws {
        guard report_sqlite3_load() == 0 else { throw CacheHomeError(description: String(cString: report_sqlite3_load_error())) }
        var handle: OpaquePointer?
        guard report_sqlite3_open_v2(database.path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            report_sqlite3_close_v2(handle)
            throw CacheHomeError(description: "cannot open \(database.path)")
        }
        defer { report_sqlite3_close_v2(handle) }
        var statement: OpaquePointer?
        guard report_sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw CacheHomeError(description: String(cString: report_sqlite3_errmsg(handle)))
        }
        defer { report_sqlite3_finalize(statement) }
        report_sqlite3_bind_int64(statement, 1, Int64(term))
        report_sqlite3_bind_text(statement, 2, kind, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        let status = report_sqlite3_step(statement)
        guard status == SQLITE_DONE || status == SQLITE_ROW else {
            throw CacheHomeError(description: String(cString: report_sqlite3_errmsg(handle)))
        }
    }

    private static func query(_ sql: String, in database: URL, _ row: (OpaquePointer) -> Void) {
        guard report_sqlite3_load() == 0 else { return }
        var handle: OpaquePointer?
        defer { report_sqlite3_close_v2(handle) }
        guard report_sqlite3_open_v2(database.path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { return }
        var statement: OpaquePointer?
        guard report_sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return }
        defer { report_sqlite3_finalize(statement) }
        while report_sqlite3_step(statement) == SQLITE_ROW { row(statement) }
    }
}
