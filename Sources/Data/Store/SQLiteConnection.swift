import CSQLite
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One connection to an SQLite database through the C API (Debian's libsqlite3, loaded by the
/// first connection through the `CSQLite` target): opened with explicit flags, statements prepared once and kept, values
/// bound and read by column, transactions, and a busy timeout so that a second `report` process
/// writing the same database waits its turn instead of failing. Every failure is a `Failure` with
/// SQLite's (extended) result code and message.
///
/// Not thread-safe on its own (it is opened `SQLITE_OPEN_NOMUTEX`): its owner serialises the calls
/// (`ReportStore` keeps it under a mutex).
final class SQLiteConnection {
    /// What SQLite said went wrong.
    struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The extended result code (`SQLITE_BUSY_SNAPSHOT`, …); `code & 0xff` is the primary one.
        let code: Int32
        let message: String

        var description: String { "\(message) (SQLite \(code))" }
        var primaryCode: Int32 { code & 0xff }
        /// Another connection holds the lock for longer than the busy timeout.
        var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
        /// The file is not a database, or a damaged one: it is started anew rather than trusted.
        var isDamage: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }
        /// SQLite's library could not be loaded (or lacks a function): no database can be opened.
        var isLibraryMissing: Bool { code == Self.libraryMissingCode }

        /// Not one of SQLite's codes (which are positive): the library is not there to give one.
        static let libraryMissingCode: Int32 = -1
    }

    /// How the file is opened.
    enum Access: Sendable {
        case readOnly
        case readWrite
        /// Read and write, creating the file when it is missing.
        case readWriteCreate

        var flags: Int32 {
            switch self {
            case .readOnly: SQLITE_OPEN_READONLY
            case .readWrite: SQLITE_OPEN_READWRITE
            case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            }
        }
    }

    /// A value to bind to a statement's parameter.
    enum Value: Sendable, Equatable {
        case null
        case integer(Int64)
        case text(String)
        case blob([UInt8])
    }

    private var handle: OpaquePointer?
    /// Prepared statements with their SQL, finalized with the connection. A connection prepares a
    /// handful, each from a literal: a search by `==` (equal storage answers at once) costs less
    /// than hashing the SQL on every use.
    private var statements: [(sql: String, statement: Statement)] = []
    let path: String

    /// Opens `path`. The caller checks the file first (`ReportStore`: a regular file of this user,
    /// mode 0600, not a link); `SQLITE_OPEN_NOFOLLOW` is not used, as it refuses a link anywhere in
    /// the path, and a cache folder the user links to another disk is theirs to choose.
    init(path: String, access: Access, busyTimeout: Duration = .seconds(5)) throws(Failure) {
        self.path = path
        // libsqlite3 is loaded by the first connection a process opens (Sources/CSQLite).
        guard report_sqlite3_load() == 0 else {
            throw Failure(code: Failure.libraryMissingCode, message: String(cString: report_sqlite3_load_error()))
        }
        var handle: OpaquePointer?
        let flags = access.flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let status = report_sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let failure = Failure(code: status, message: handle.map { String(cString: report_sqlite3_errmsg($0)) }
                                  ?? String(cString: report_sqlite3_errstr(status)))
            report_sqlite3_close_v2(handle)
            throw failure
        }
        self.handle = handle
        let milliseconds = busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        report_sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
    }

    deinit { close() }

    /// Loads libsqlite3 now (once a process), rather than at the first connection.
    static func loadLibrary() {
        _ = report_sqlite3_load()
    }

    /// Finalizes the statements and closes the database (a WAL is checkpointed by the last
    /// connection to close). Calls after it fail with `SQLITE_MISUSE`.
    func close() {
        for (_, statement) in statements { statement.finalize() }
        statements = []
        if let handle { report_sqlite3_close_v2(handle) }
        handle = nil
    }

    /// Runs `sql`: one statement or several separated by `;`, without parameters or rows.
    func execute(_ sql: String) throws(Failure) {
        guard let handle else { throw Self.closed }
        var message: UnsafeMutablePointer<CChar>?
        let status = report_sqlite3_exec(handle, sql, nil, nil, &message)
        defer { report_sqlite3_free(message) }
        if status != SQLITE_OK {
            throw Failure(code: report_sqlite3_extended_errcode(handle),
                          message: message.map { String(cString: $0) } ?? String(cString: report_sqlite3_errstr(status)))
        }
    }

    /// The statement for `sql`, prepared on first use and kept (reset, bindings cleared) for the next.
    func prepare(_ sql: String) throws(Failure) -> Statement {
        if let statement = statements.first(where: { $0.sql == sql })?.statement {
            statement.reset()
            return statement
        }
        guard let handle else { throw Self.closed }
        var prepared: OpaquePointer?
        let status = report_sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard status == SQLITE_OK, let prepared else { throw lastFailure(status) }
        let statement = Statement(prepared, connection: self)
        statements.append((sql, statement))
        return statement
    }

    /// Runs `body` in one transaction: `BEGIN IMMEDIATE` (the write lock taken at once, waiting
    /// up to the busy timeout for another process's), then `COMMIT`, or `ROLLBACK` when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The rows the last INSERT, UPDATE or DELETE changed.
    var changes: Int { handle.map { Int(report_sqlite3_changes($0)) } ?? 0 }

    /// One value of a one-row query (`PRAGMA user_version`, `SELECT count(*) …`); nil for no row.
    func integer(_ sql: String, _ values: Value...) throws(Failure) -> Int64? {
        let statement = try prepare(sql)
        try statement.bind(values)
        defer { statement.reset() }
        return try statement.step() ? statement.integer(0) : nil
    }

    /// Runs one statement with `values` bound to its parameters, ignoring any rows.
    func run(_ sql: String, _ values: Value...) throws(Failure) {
        let statement = try prepare(sql)
        try statement.bind(values)
        defer { statement.reset() }
        while try statement.step() {}
    }

    fileprivate func lastFailure(_ status: Int32) -> Failure {
        guard let handle else { return Self.closed }
        return Failure(code: report_sqlite3_extended_errcode(handle), message: String(cString: report_sqlite3_errmsg(handle)))
    }

    private static let closed = Failure(code: SQLITE_MISUSE, message: "the database is closed")

    /// A prepared statement of the connection: bind, step, read columns, reset.
    final class Statement {
        private var handle: OpaquePointer?
        private unowned let connection: SQLiteConnection

        fileprivate init(_ handle: OpaquePointer, connection: SQLiteConnection) {
            self.handle = handle
            self.connection = connection
        }

        fileprivate func finalize() {
            report_sqlite3_finalize(handle)
            handle = nil
        }

        /// Ready to run again, with no values bound.
        func reset() {
            report_sqlite3_reset(handle)
            report_sqlite3_clear_bindings(handle)
        }

        /// Binds `values` to parameters 1, 2, …
        func bind(_ values: [Value]) throws(Failure) {
            for (offset, value) in values.enumerated() {
                try bind(value, at: Int32(offset + 1))
            }
        }

        func bind(_ value: Value, at index: Int32) throws(Failure) {
            let status: Int32 = switch value {
            case .null: report_sqlite3_bind_null(handle, index)
            case .integer(let number): report_sqlite3_bind_int64(handle, index, number)
            case .text(let text): report_sqlite3_bind_text(handle, index, text, -1, Self.transient)
            case .blob(let bytes):
                bytes.withUnsafeBytes { raw in
                    // A zero-length blob is a blob, not NULL: bind it with a non-nil pointer.
                    report_sqlite3_bind_blob64(handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), UInt64(raw.count),
                                        Self.transient)
                }
            }
            guard status == SQLITE_OK else { throw connection.lastFailure(status) }
        }

        /// Binds `bytes` as a blob without copying them: valid only while they are, so the caller
        /// steps the statement within their lifetime and resets it (clearing the bindings) after.
        func bindBorrowed(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws(Failure) {
            let status = report_sqlite3_bind_blob64(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                                                    UInt64(bytes.count), Self.borrowed)
            guard status == SQLITE_OK else { throw connection.lastFailure(status) }
        }

        /// Runs the statement to its next row: true when there is one to read, false when done.
        func step() throws(Failure) -> Bool {
            switch report_sqlite3_step(handle) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            case let status:
                let failure = connection.lastFailure(status)
                report_sqlite3_reset(handle)
                throw failure
            }
        }

        func isNull(_ column: Int32) -> Bool { report_sqlite3_column_type(handle, column) == SQLITE_NULL }

        func integer(_ column: Int32) -> Int64 { report_sqlite3_column_int64(handle, column) }

        func text(_ column: Int32) -> String? {
            guard let text = report_sqlite3_column_text(handle, column) else { return nil }
            return String(decoding: UnsafeBufferPointer(start: text, count: Int(report_sqlite3_column_bytes(handle, column))),
                          as: UTF8.self)
        }

        /// The column's bytes; nil when it is NULL.
        func blob(_ column: Int32) -> [UInt8]? {
            withBytes(column) { Array($0) }
        }

        /// The column's bytes, copied once; nil when it is NULL.
        func data(_ column: Int32) -> Data? {
            withBytes(column) { Data($0) }
        }

        /// `body` with the column's bytes (empty for a zero-length blob), valid only during the
        /// call; nil when it is NULL.
        func withBytes<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) -> T) -> T? {
            guard report_sqlite3_column_type(handle, column) != SQLITE_NULL else { return nil }
            let count = Int(report_sqlite3_column_bytes(handle, column))
            let bytes = count > 0 ? report_sqlite3_column_blob(handle, column) : nil
            return body(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
        }

        /// SQLite copies a bound value before the call returns.
        private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        /// SQLite uses a bound value where it is (`SQLITE_STATIC`).
        private static let borrowed: sqlite3_destructor_type? = nil
    }
}

extension ReportError {
    /// SQLite's library cannot be loaded (`SQLiteConnection.Failure.isLibraryMissing`): what the
    /// store holds cannot be read, and a command that needs it says how to install the library.
    static let storeLibraryMissing = ReportError.storeUnavailable(Detail(.detailSQLiteMissing))
}
