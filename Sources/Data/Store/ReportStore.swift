import CChecksum
import Crypto
import Domain
import Synchronization
import Terminal
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The local store of finished reports of one scope (`Scope`: a service and whose credentials):
/// one SQLite database in WAL mode, `$XDG_CACHE_HOME/report/<scope>.sqlite`, mode 0600 in a folder
/// made 0700. It keeps what the service sent for a finished term — the interview, the analysis
/// report, the video report — with the ETag to revalidate it and until when it is fresh; the rows
/// are kept until the member clears them (`report cache clear`, or signing out): nothing is
/// evicted. `REPORT_CACHE_MAX_SIZE` bounds what one store keeps: past it, new reports are not kept
/// (and `--verbose` says so), the kept ones stay.
///
/// Nothing here fails a command: a store that cannot be opened is not used, a row that cannot be
/// read is not there (a damaged one is removed, so that it is fetched again), and one that cannot
/// be written is not kept; `--verbose` says which and why. A database file that is not a regular
/// file of this user with mode 0600 (a link, a FIFO, another user's, one others may read or
/// write), or that SQLite finds is not a database, is not trusted: it is removed and started anew.
///
/// Writes are gathered and committed together, in one transaction each time no request of the
/// store is in flight any more (`didFinishRequest`) or 64 are waiting: a batch of 1,000 terms
/// commits a few dozen transactions, not a file a response. A process killed mid-batch loses only
/// what it had not committed; another `report` process writing the same store waits its turn
/// (`busyTimeout`).
final class ReportStore: Sendable {
    /// The schema, version `schemaVersion` (`PRAGMA user_version`). Other tables may be added in
    /// the same database (the search index); these are not changed but by a new version.
    ///
    /// `response`: one row a finished response kept, replaced in place (its `id` kept) when the
    /// service sends a new body.
    /// - `id` INTEGER PRIMARY KEY: the row's id, stable while the row is kept (an FTS5 external
    ///   content table's `content_rowid`).
    /// - `term` INTEGER: the interview's number (`termNo`), 1001.
    /// - `kind` TEXT: which response: `interview` (`GET /v1/interviews/{term}`: company, date,
    ///   analysis status), `report` (`GET /v1/analysis/report?termNo=`: the analysis report),
    ///   `video` (`GET /v1/analysis/video-report?termNo=`: the video analysis).
    /// - `body` BLOB: the body exactly as the service sent it (UTF-8 JSON, after content decoding),
    ///   decoded by the DTO's one decoder as a fresh body is (`json_extract` reads it in SQL).
    /// - `etag` TEXT: the `ETag` to send back in `If-None-Match`; NULL when the service sent none.
    /// - `fresh_until` INTEGER: nanoseconds since 1970 until which the row is used without a
    ///   request (`Cache-Control: max-age`, a day at most); 0 when it is never fresh.
    /// - `stored_at` INTEGER: nanoseconds since 1970 when this body was received (a 200).
    /// - `checked_at` INTEGER: nanoseconds since 1970 when the service last said it is current
    ///   (a 200, or a 304).
    /// - `checksum` BLOB: the CRC-32C of `body`, 4 bytes, big-endian; in a row kept by schema 1
    ///   (whose column was `sha256`), the SHA-256 of `body`, 32 bytes. A row whose body does not
    ///   match it is damaged, never shown, and fetched again.
    /// - `form` BLOB: the value `body` was mapped to, in its `KeptForm`, bound to `body` by its
    ///   CRC-32C and to the build of `report` that made it; NULL until the row is first read back
    ///   (a download, `report sync` and schema 2 keep bytes only).
    ///
    /// `sync_run`: `report sync`'s runs, so that one that was interrupted is resumed.
    /// - `id` INTEGER PRIMARY KEY; `started_at` INTEGER (ns since 1970); `finished_at` INTEGER
    ///   (ns since 1970), NULL while it runs or when it was interrupted.
    static let schema = """
        CREATE TABLE IF NOT EXISTS response (
            id INTEGER PRIMARY KEY,
            term INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('interview', 'report', 'video')),
            body BLOB NOT NULL,
            etag TEXT,
            fresh_until INTEGER NOT NULL DEFAULT 0,
            stored_at INTEGER NOT NULL,
            checked_at INTEGER NOT NULL,
            checksum BLOB NOT NULL,
            form BLOB,
            UNIQUE (term, kind)
        );
        CREATE TABLE IF NOT EXISTS sync_run (
            id INTEGER PRIMARY KEY,
            started_at INTEGER NOT NULL,
            finished_at INTEGER
        );
        """
    static let schemaVersion: Int64 = 3
    /// From schema 1 to 2: new rows keep a CRC-32C of their body; rows kept before keep their
    /// SHA-256, which is still checked.
    static let migrationFrom1 = "ALTER TABLE response RENAME COLUMN sha256 TO checksum;"
    /// From schema 2 to 3: rows keep their value's `KeptForm`; rows kept before get theirs when
    /// they are next read.
    static let migrationFrom2 = "ALTER TABLE response ADD COLUMN form BLOB;"
    /// Written ahead of every committed transaction; the last connection to close checkpoints it.
    static let fileExtension = ".sqlite"
    /// How long a write waits for another process's transaction.
    static let busyTimeout = Duration.seconds(10)
    /// Writes waiting for a commit, at most.
    static let maxPendingWrites = 64

    /// Which response of a term a row holds.
    enum Kind: String, Sendable, CaseIterable {
        case interview, report, video
    }

    /// A kept response: its body, the ETag to send back (nil: the service sent none), until
    /// when it is fresh (ns since 1970; 0: never) and its value's `KeptForm`, sealed for the body
    /// (nil: none was kept, or it was made for another body or by another build).
    struct Entry: Sendable, Equatable {
        let etag: String?
        let freshUntil: Int64
        let body: Data
        var form: [UInt8]? = nil

        /// Whether it may be used without asking the service at `now` (ns since 1970).
        func isFresh(at now: Int64) -> Bool { CachedRequester.Freshness.isFresh(until: freshUntil, now: now) }
    }

    /// Whose store a process may read and write: one service (a normalised base URL) and one
    /// holder of credentials on it. One scope's rows never serve another.
    ///
    /// The holder is the member the stored credentials belong to (their `memIdx`, known without a
    /// request, so `--offline` works). `REPORT_TOKEN` does not say whose it is, and asking
    /// `GET /v1/me` would cost a request before every fetch and could not be done offline; so its
    /// rows are kept under a SHA-256 of the token instead: they serve no one else, are not shared
    /// with the member's `auth login` store, and a new token starts with an empty store.
    struct Scope: Hashable, Sendable {
        enum Holder: Hashable, Sendable {
            /// A member, from stored credentials.
            case member(Int)
            /// A `REPORT_TOKEN`, by the hex SHA-256 of the token (the token itself is never kept).
            case tokenDigest(String)
        }

        /// The normalised base URL (`BaseURL.description`).
        let baseURL: String
        let holder: Holder

        init(baseURL: BaseURL, holder: Holder) {
            self.baseURL = baseURL.description
            self.holder = holder
        }

        /// A `REPORT_TOKEN`'s scope on `baseURL`.
        init(baseURL: BaseURL, token: String) {
            self.init(baseURL: baseURL, holder: .tokenDigest(ReportStore.hex(SHA256.hash(data: Array(token.utf8)))))
        }

        /// The scope of stored credentials: their member on the base URL they were issued for.
        init(storedBaseURL: String, memIdx: Int) {
            baseURL = storedBaseURL
            holder = .member(memIdx)
        }

        /// The name of the scope's database (without its extension) and of the folder the file
        /// cache before it used: a hash, so that neither the base URL nor a token digest appears
        /// in a path, and any URL makes a valid name.
        var name: String {
            let holderText = switch holder {
            case .member(let memIdx): "member \(memIdx)"
            case .tokenDigest(let digest): "token \(digest)"
            }
            let digest = SHA256.hash(data: Array("report-cache 1\u{0}\(baseURL)\u{0}\(holderText)".utf8))
            return String(ReportStore.hex(digest).prefix(32))
        }

        /// Whether `name` looks like a scope's name (32 lowercase hex digits).
        static func isName(_ name: some StringProtocol) -> Bool {
            name.utf8.count == 32 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        }
    }

    let folder: String
    let scope: Scope
    let path: String
    /// The most the bodies kept in this store may add up to.
    let maxBytes: Int
    /// The largest body a response may have (`ServiceConfiguration.maxResponseBytes`).
    let maxBodyBytes: Int
    /// Which build made a `KeptForm`: this one's are the forms it reads and makes.
    let formMaker: UInt32
    let log: (@Sendable (String) -> Void)?
    private let state: Mutex<State>
    /// The connection the commits write through, on the commit queue's thread: a commit never
    /// holds `state`'s lock, so requests read and keep while it runs (WAL: readers never wait
    /// for the writer).
    private let writer = Mutex(Writer())
    /// Advanced each time the database is removed as damaged: a writer opened before writes
    /// to the removed file, so it is closed and the new file opened.
    private let removals = Atomic<Int>(0)
    private let commits = CommitQueue()
    /// The connection requests read rows through, under a lock of its own: while SQLite reads,
    /// `state`'s lock is free for the others to keep, renew and count their requests.
    private let reader = Mutex(Reader())
    /// The requests under way (`willStartRequest`…`didFinishRequest`), counted without a lock.
    private let requestsInFlight = Atomic<Int>(0)
    /// The open database is one this process made (`configure`).
    private let madeHere = Atomic<Bool>(false)

    private struct Reader: ~Copyable {
        var connection: SQLiteConnection?
        /// A read transaction is open on `connection`: the reads of a burst of requests share it
        /// (one snapshot), instead of each taking and dropping the database's shared-memory
        /// locks (two `fcntl` and an `fstat` a read). It ends when no request is in flight and
        /// before a commit's writes leave `committing` (so that no read of an older snapshot
        /// misses them, or finds a row they replaced or removed). A row another process commits
        /// meanwhile is seen by the next burst.
        var inTransaction = false

        mutating func close() {
            connection?.close()
            connection = nil
            inTransaction = false
        }
    }

    private struct Writer: ~Copyable {
        var connection: SQLiteConnection?
        /// `removals` when it was opened.
        var removals = 0
    }

    private struct Key: Hashable {
        let kind: Kind
        let term: Int
        var name: String { "\(kind.rawValue)-\(term)" }
    }

    private enum Write {
        case keep(Entry, at: Int64)
        /// `form`: a `KeptForm` sealed for the row's body, to be kept with it; nil: the row's stays.
        case checked(etag: String?, freshUntil: Int64, at: Int64, form: [UInt8]?)
        /// A `KeptForm` sealed for the row's body, made from a row read without asking the service.
        case formed([UInt8])
        case forget
    }

    private struct State: ~Copyable {
        /// The connection the requests read through (and sync's runs are recorded by).
        var connection: SQLiteConnection?
        /// Why the store cannot be used by this process; it is not tried again.
        var problem: String?
        /// That problem is SQLite's library, which cannot be loaded.
        var libraryMissing = false
        var writes: [Key: Write] = [:]
        /// Writes handed to the commit queue and not yet committed, oldest first: what a read
        /// finds there is newer than the database.
        var committing: [[Key: Write]] = []
        /// The bytes of the bodies kept, once known.
        var total: Int?
        /// When this process made the database: the rows it keeps there. A read of any other is
        /// answered without asking SQLite (a batch into an empty store reads nothing); a row
        /// another process keeps in it meanwhile is not seen, and is fetched again.
        var rows: Set<Key>?
        /// A sync is running: every 304 is recorded (`checked_at`).
        var recordsChecks = false
    }

    /// `build`: which build of `report` this is, whose `KeptForm`s are read (others' are made again).
    init(folder: String, scope: Scope, maxBytes: Int, maxBodyBytes: Int, build: String = "", log: (@Sendable (String) -> Void)?) {
        var folder = folder
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        self.folder = folder
        self.scope = scope
        path = folder + "/" + scope.name + Self.fileExtension
        self.maxBytes = max(0, maxBytes)
        self.maxBodyBytes = maxBodyBytes
        self.log = log
        formMaker = Self.formMaker(build: build)
        state = Mutex(State())
    }

    /// No commit is queued here (each holds the store), so what is left is written on this thread.
    deinit {
        let writes = state.withLock { state -> [Key: Write] in
            let writes = state.writes
            state.writes = [:]
            return state.connection == nil ? [:] : writes
        }
        if !writes.isEmpty, let failure = write(writes) {
            state.withLock { state in fail(&state, failure, doing: Self.notKeeping(writes)) }
        }
        writer.withLock { writer in
            writer.connection?.close()
            writer.connection = nil
        }
        reader.withLock { reader in reader.close() }
        state.withLock { state in
            state.connection?.close()
            state.connection = nil
        }
    }

    // MARK: Reading and keeping

    /// The intact row of `kind` for `term`; nil when there is none or it is damaged (then it is removed).
    func read(_ kind: Kind, term: Int) -> Entry? {
        let key = Key(kind: kind, term: term)
        enum Found {
            /// Kept by a write not yet committed.
            case pending(Entry)
            /// A row of the database; `intact`: its body matches its checksum.
            case row(etag: String?, freshUntil: Int64, body: Data, form: [UInt8]?, intact: Bool)
        }
        // What this process wrote and has not committed is newer than the database; only when
        // there is none is the row read, through the reader's connection, without `state`'s lock.
        enum Overlay {
            case none
            case found(Found?)
            case checked(etag: String?, freshUntil: Int64)
        }
        let overlay = state.withLock { state -> Overlay in
            switch state.writes[key] ?? state.committing.reversed().lazy.compactMap({ $0[key] }).first {
            case .keep(let entry, _): return .found(.pending(entry))
            case .forget: return .found(nil)
            case .checked(let etag, let freshUntil, _, _):
                return connection(&state, create: false, for: key) == nil ? .found(nil) : .checked(etag: etag, freshUntil: freshUntil)
            case .formed:
                return connection(&state, create: false, for: key) == nil ? .found(nil) : .none
            case nil:
                guard connection(&state, create: false, for: key) != nil, state.rows?.contains(key) ?? true else { return .found(nil) }
                return .none
            }
        }
        let found: Found?
        switch overlay {
        case .found(let result):
            found = result
        case .none, .checked:
            let row: Found?
            do {
                row = try withReader { connection throws(SQLiteConnection.Failure) -> Found? in
                    let statement = try connection.prepare(Self.selectRow(kind))
                    defer { statement.reset() }
                    try statement.bind(.integer(Int64(term)), at: 1)
                    guard try statement.step() else { return nil }
                    let body = statement.data(2) ?? Data()
                    let checksum = statement.withBytes(3) { Array($0) } ?? []
                    let form = statement.withBytes(4) { form in
                        KeptForm.isSealed(form, for: checksum, maker: formMaker) ? Array(form) : nil
                    } ?? nil
                    return .row(etag: statement.text(0), freshUntil: statement.integer(1), body: body, form: form,
                                intact: Self.matches(body, digest: checksum))
                }
            } catch {
                state.withLock { state in fail(&state, error, doing: "not reading \(key.name)") }
                return nil
            }
            if case .checked(let etag, let freshUntil) = overlay, case .row(let rowETag, _, let body, let form, let intact) = row {
                found = .row(etag: etag ?? rowETag, freshUntil: freshUntil, body: body, form: form, intact: intact)
            } else {
                found = row
            }
        }
        switch found {
        case nil:
            return nil
        case .pending(let entry):
            return entry
        case .row(let etag, let freshUntil, let body, let form, let intact):
            guard body.count <= maxBodyBytes, intact else {
                log?("cache: ignoring the entry \(key.name), its checksum does not match (corrupt); it will be fetched again")
                forgetUnlessRewritten(key)
                return nil
            }
            if let etag, !Self.isKeepable(etag: etag) {
                log?("cache: ignoring the entry \(key.name), its ETag is malformed; it will be fetched again")
                forgetUnlessRewritten(key)
                return nil
            }
            return Entry(etag: etag, freshUntil: freshUntil, body: body, form: form)
        }
    }

    /// The query a read of `kind` makes: the kind written in it, so that a read binds one value.
    private static func selectRow(_ kind: Kind) -> String {
        switch kind {
        case .interview: "SELECT etag, fresh_until, body, checksum, form FROM response WHERE term = ?1 AND kind = 'interview'"
        case .report: "SELECT etag, fresh_until, body, checksum, form FROM response WHERE term = ?1 AND kind = 'report'"
        case .video: "SELECT etag, fresh_until, body, checksum, form FROM response WHERE term = ?1 AND kind = 'video'"
        }
    }

    /// Opens the database, if there is one, and the reader's connection with its query prepared,
    /// ahead of the first read: called while the process waits for libcurl, so that the first
    /// request does not then wait for SQLite (about 1.5 ms: `Benchmarks/store.py`). What fails
    /// here is met and said again by the first read.
    func openAhead() {
        guard state.withLock({ state in connection(&state, create: false, for: nil) != nil }) else { return }
        _ = try? withReader { connection -> Bool in
            for kind in [Kind.interview, .report] { _ = try connection.prepare(Self.selectRow(kind)) }
            return true
        }
    }

    /// Runs `body` with the reader's connection, opened on first use (the database is there and
    /// was checked when `state.connection` was opened).
    private func withReader<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try reader.withLock { reader throws -> T in
            let connection: SQLiteConnection
            if let open = reader.connection {
                connection = open
            } else {
                connection = try SQLiteConnection(path: path, access: .readWrite, busyTimeout: Self.busyTimeout)
                try Self.configure(connection, madeHere: madeHere.load(ordering: .relaxed))
                reader.connection = connection
            }
            // Only a request's read (between willStartRequest and didFinishRequest, which ends
            // it) opens the transaction: any other read is one of its own.
            if !reader.inTransaction, requestsInFlight.load(ordering: .relaxed) > 0 {
                try connection.execute("BEGIN")
                reader.inTransaction = true
            }
            return try body(connection)
        }
    }

    /// Ends the reads' transaction, if one is open: later reads see what was committed since.
    private func endReading() {
        reader.withLock { reader in
            guard reader.inTransaction else { return }
            reader.inTransaction = false
            do {
                try reader.connection?.execute("COMMIT")
            } catch {
                log?("cache: ending a read: \(error)")
                reader.close()
            }
        }
    }

    /// The maker of the forms `build` (`ServiceConfiguration.Cache.build`: version and commit)
    /// makes: its CRC-32C. Computed here, not in `KeptForm`, so that a command that reads no
    /// form runs none of it (`scripts/walk --gate`).
    static func formMaker(build: String) -> UInt32 {
        crc32c(of: Data(build.utf8))
    }

    /// The checksum a row keeps of `body`: its CRC-32C, 4 bytes, big-endian.
    static func checksum(of body: Data) -> [UInt8] {
        let crc = crc32c(of: body)
        return [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    static func crc32c(of body: Data) -> UInt32 {
        body.withUnsafeBytes { report_crc32c($0.baseAddress, $0.count) }
    }

    /// Whether `digest` is the checksum of `body`: its CRC-32C (4 bytes, big-endian), or in a row
    /// kept by schema 1 its SHA-256 (32 bytes).
    static func matches(_ body: Data, digest: some Collection<UInt8>) -> Bool {
        switch digest.count {
        case 4:
            return digest.reduce(0) { $0 << 8 | UInt32($1) } == crc32c(of: body)
        case SHA256.byteCount:
            return SHA256.hash(data: body).elementsEqual(digest)
        default:
            return false
        }
    }

    /// Removes a damaged row, unless a newer write for it came meanwhile.
    private func forgetUnlessRewritten(_ key: Key) {
        state.withLock { state in
            if state.writes[key] == nil { state.writes[key] = .forget }
        }
    }

    /// Keeps `body` with its `etag` (none: the service sent none, or one that cannot be sent back)
    /// and until when it is fresh (`freshUntil`, ns since 1970; 0: never) as the row of `kind`
    /// for `term`, replacing any older one (and its form: `keepForm` makes the new body's).
    func keep(_ kind: Kind, term: Int, etag: String?, freshUntil: Int64 = 0, body: Data) {
        let key = Key(kind: kind, term: term)
        var etag = etag
        if let tag = etag, !Self.isKeepable(etag: tag) {
            log?("cache: \(key.name): its ETag cannot be sent back; kept without it")
            etag = nil
        }
        state.withLock { state in
            guard connection(&state, create: true, for: key) != nil else { return }
            // What is kept already, summed once, when something is first kept: a batch that
            // only reads never scans the store (nor maps all of it).
            if state.total == nil, let connection = state.connection {
                state.total = Int((try? connection.integer("SELECT total(length(body)) FROM response")) ?? 0)
            }
            let total = state.total ?? 0
            guard body.count <= maxBodyBytes, total + body.count <= maxBytes else {
                log?("cache: not keeping \(key.name): the store holds \(total) bytes and may hold \(maxBytes) "
                     + "(REPORT_CACHE_MAX_SIZE); kept reports stay until `report cache clear`")
                return
            }
            state.total = total + body.count
            state.rows?.insert(key)
            let now = Self.now()
            state.writes[key] = .keep(Entry(etag: etag, freshUntil: freshUntil, body: body), at: now)
            let freshness = freshUntil > 0
                ? "fresh for \(CachedRequester.Freshness.secondsLeft(until: freshUntil, now: now)) s" : "to be revalidated"
            log?("cache: kept \(key.name) (\(body.count) bytes, \(etag.map { "ETag \($0)" } ?? "no ETag"), \(freshness))")
            if state.writes.count >= Self.maxPendingWrites { startCommit(&state) }
        }
    }

    /// The service said the kept row `kept` is current (a 304): its ETag and freshness are
    /// renewed, the body stays; `form`, the body's `KeptForm` when the row had none, is kept
    /// with it. Nothing is written when nothing changed, unless a sync is running
    /// (it records when each row was last found current, to be resumed).
    func renew(_ kind: Kind, term: Int, etag: String?, freshUntil: Int64, kept: Entry, form: [UInt8]? = nil) {
        let key = Key(kind: kind, term: term)
        let etag = etag.flatMap { Self.isKeepable(etag: $0) ? $0 : nil }
        state.withLock { state in
            if !state.recordsChecks, (etag ?? kept.etag) == kept.etag, freshUntil == kept.freshUntil, form == nil { return }
            let now = Self.now()
            switch state.writes[key] {
            case .keep(let entry, let at):
                state.writes[key] = .keep(Entry(etag: etag ?? entry.etag, freshUntil: freshUntil, body: entry.body,
                                                form: entry.form ?? (entry.body == kept.body ? form : nil)), at: at)
            case .forget: return
            case .checked(let previous, _, _, let previousForm):
                state.writes[key] = .checked(etag: etag ?? previous, freshUntil: freshUntil, at: now, form: form ?? previousForm)
            case .formed(let previousForm):
                state.writes[key] = .checked(etag: etag, freshUntil: freshUntil, at: now, form: form ?? previousForm)
            case nil:
                state.writes[key] = .checked(etag: etag, freshUntil: freshUntil, at: now, form: form)
            }
            if state.writes.count >= Self.maxPendingWrites { startCommit(&state) }
        }
    }

    /// Keeps `form`, the `KeptForm` of `kept`'s body, with the row `kept` was read from (fresh,
    /// or offline: the service was not asked, so nothing else of the row changes).
    func keepForm(_ kind: Kind, term: Int, _ form: [UInt8], kept: Entry) {
        let key = Key(kind: kind, term: term)
        state.withLock { state in
            switch state.writes[key] {
            case .keep(let entry, let at):
                guard entry.form == nil, entry.body == kept.body else { return }
                state.writes[key] = .keep(Entry(etag: entry.etag, freshUntil: entry.freshUntil, body: entry.body, form: form), at: at)
            case .forget: return
            case .checked(let etag, let freshUntil, let at, _):
                state.writes[key] = .checked(etag: etag, freshUntil: freshUntil, at: at, form: form)
            case .formed, nil:
                state.writes[key] = .formed(form)
            }
            if state.writes.count >= Self.maxPendingWrites { startCommit(&state) }
        }
    }

    /// Removes the row of `kind` for `term`, if there is one.
    func forget(_ kind: Kind, term: Int) {
        let key = Key(kind: kind, term: term)
        state.withLock { state in
            if case .keep(let entry, _) = state.writes[key], let total = state.total { state.total = total - entry.body.count }
            state.writes[key] = .forget
            state.rows?.remove(key)
            if state.writes.count >= Self.maxPendingWrites { startCommit(&state) }
        }
    }

    /// A request that may read or keep rows has started.
    func willStartRequest() {
        requestsInFlight.wrappingAdd(1, ordering: .relaxed)
    }

    /// A request has finished: when none is left in flight, what it and the others kept is
    /// committed before this returns. The task is suspended meanwhile, not its thread: in a
    /// batch, the other terms' requests go on.
    func didFinishRequest() async {
        guard requestsInFlight.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue <= 0 else { return }
        endReading()
        state.withLock { state in startCommit(&state) }
        await commits.untilIdle()
    }

    /// Commits what is waiting, and returns when it is committed.
    func commit() {
        state.withLock { state in startCommit(&state) }
        commits.wait()
    }

    // MARK: `report sync`'s runs

    /// The database is there but SQLite's library cannot be loaded to read it.
    var libraryMissing: Bool { state.withLock { $0.libraryMissing } }

    /// Why the store cannot be used, for a command whose work is the store (`sync`).
    enum Unusable: Error, Equatable {
        /// SQLite's library cannot be loaded.
        case libraryMissing
        /// Anything else: the folder or the file is refused, the database cannot be written.
        case refused(String)
    }

    /// Starts a run of `report sync`, or resumes the last one when it did not finish (Ctrl-C, a
    /// failure, a kill): the terms whose report that run already brought in are not asked for
    /// again. Throws when the store cannot be used: a sync that kept nothing must not succeed.
    func beginSync() throws(Unusable) -> (run: Int64, done: Set<Int>) {
        commit()
        return try state.withLock { state throws(Unusable) -> (run: Int64, done: Set<Int>) in
            state.recordsChecks = true
            guard let connection = connection(&state, create: true, for: Key(kind: .report, term: 0)) else {
                throw state.libraryMissing ? .libraryMissing : .refused(state.problem ?? "\(path) cannot be opened")
            }
            do {
                return try connection.transaction { () throws -> (run: Int64, done: Set<Int>) in
                    let last = try connection.prepare("SELECT id, started_at FROM sync_run WHERE finished_at IS NULL ORDER BY id DESC LIMIT 1")
                    defer { last.reset() }
                    if try last.step() {
                        let (run, started) = (last.integer(0), last.integer(1))
                        last.reset()
                        let terms = try connection.prepare("SELECT term FROM response WHERE kind = 'report' AND checked_at >= ?1")
                        defer { terms.reset() }
                        try terms.bind([.integer(started)])
                        var done: Set<Int> = []
                        while try terms.step() { done.insert(Int(terms.integer(0))) }
                        return (run, done)
                    }
                    try connection.run("INSERT INTO sync_run (started_at) VALUES (?1)", .integer(Self.now()))
                    return (try connection.integer("SELECT last_insert_rowid()") ?? 0, [])
                }
            } catch {
                fail(&state, error, doing: "not resuming a sync")
                throw .refused("\(path): \(error)")
            }
        }
    }

    /// The run came to its end: what it kept is committed, and the next starts afresh.
    func finishSync(_ run: Int64) {
        commit()
        state.withLock { state in
            do {
                try state.connection?.run("UPDATE sync_run SET finished_at = ?2 WHERE id = ?1", .integer(run), .integer(Self.now()))
            } catch {
                fail(&state, error, doing: "not finishing the sync")
            }
        }
    }

    // MARK: The database

    /// The open connection, opening (and with `create`, creating) the database on first use; nil
    /// when there is none to read, or it cannot be used (said once, for `key`).
    private func connection(_ state: inout State, create: Bool, for key: Key?) -> SQLiteConnection? {
        if let connection = state.connection { return connection }
        if let problem = state.problem {
            if create, let key { log?("cache: not keeping \(key.name): \(problem)") }
            return nil
        }
        switch open(create: create) {
        case .open(let connection, let made):
            state.connection = connection
            state.total = nil
            state.rows = made ? [] : nil
            madeHere.store(made, ordering: .relaxed)
            return connection
        case .missing:
            return nil
        case .refused(let problem, let libraryMissing):
            state.problem = problem
            state.libraryMissing = libraryMissing
            if create, let key {
                log?("cache: not keeping \(key.name): \(problem)")
            } else {
                log?("cache: not reading \(folder): \(problem)")
            }
            return nil
        }
    }

    private enum Opening {
        /// `made`: this process made the database (`prepareSchema`).
        case open(SQLiteConnection, made: Bool)
        case missing
        /// `libraryMissing`: SQLite's library cannot be loaded.
        case refused(String, libraryMissing: Bool = false)
    }

    private func open(create: Bool, again: Bool = false) -> Opening {
        if let problem = Self.prepareFolder(folder, create: create) { return .refused(problem.description) }
        switch Self.checkFile(path) {
        case .missing:
            guard create else { return .missing }
            if let problem = Self.createFile(path) { return .refused(problem) }
        case .usable:
            break
        case .untrusted(let reason):
            log?("cache: not using \(path): \(reason); it is started anew")
            Self.removeDatabase(path)
            guard create else { return .missing }
            if let problem = Self.createFile(path) { return .refused(problem) }
        }
        do {
            let connection = try SQLiteConnection(path: path, access: .readWrite, busyTimeout: Self.busyTimeout)
            let made = try Self.prepareSchema(connection)
            return .open(connection, made: made)
        } catch let failure as SQLiteConnection.Failure where failure.isDamage && !again {
            log?("cache: not using \(path): \(failure); it is started anew")
            Self.removeDatabase(path)
            return create ? open(create: true, again: true) : .missing
        } catch {
            let libraryMissing = (error as? SQLiteConnection.Failure)?.isLibraryMissing ?? false
            return .refused("\(path): \(error)", libraryMissing: libraryMissing)
        }
    }

    /// WAL, and the tables made once (by the first process to get the write lock). True when
    /// this connection made them: the database held nothing before.
    @discardableResult
    static func prepareSchema(_ connection: SQLiteConnection) throws -> Bool {
        var version = try connection.integer("PRAGMA user_version") ?? 0
        var made = false
        if version == 0 {
            // A new database: its pages are set before anything is written, and it is made
            // without waiting for the disk (see `configure`).
            try connection.execute("PRAGMA page_size = \(pageSize); PRAGMA synchronous = OFF; PRAGMA journal_mode = WAL")
            version = try connection.transaction {
                let current = try connection.integer("PRAGMA user_version") ?? 0
                guard current == 0 else { return current }
                try connection.execute(schema + "PRAGMA user_version = \(schemaVersion);")
                made = true
                return schemaVersion
            }
        } else {
            try connection.execute("PRAGMA journal_mode = WAL")
        }
        // Migrated once, by the first process to get the write lock.
        for (from, migration) in [(Int64(1), migrationFrom1), (2, migrationFrom2)] where version == from {
            version = try connection.transaction {
                let current = try connection.integer("PRAGMA user_version") ?? 0
                guard current == from else { return current }
                try connection.execute(migration + "PRAGMA user_version = \(from + 1);")
                return from + 1
            }
        }
        guard version <= schemaVersion else {
            throw SQLiteConnection.Failure(code: 0, message: "it was written by a newer report (schema \(version))")
        }
        try configure(connection, madeHere: made)
        return made
    }

    /// A connection's own settings: how often it checkpoints, and pages read through a mapping
    /// of the file rather than a `pread` each (a batch touches the rows it reads, so its RSS does
    /// not grow with the store: `Benchmarks/store.py`).
    ///
    /// Commits do not wait for the disk (`synchronous = NORMAL`: a checkpoint does; a crash of
    /// the machine may lose the last commits, never make the file inconsistent). In a database
    /// this process made (`madeHere`), checkpoints do not wait either (`OFF`): all it holds is
    /// what this process kept, so a crash of the machine can lose or damage only that — a
    /// damaged file is found so and started anew, a damaged row fails its checksum — and a
    /// batch into an empty store does not wait for the disk at each checkpoint.
    ///
    /// The schema's `CHECK` on `kind` is not evaluated by these connections
    /// (`ignore_check_constraints`): what they write comes from `Kind`, whose cases are the three
    /// it allows, and the SQLite this runs on (Debian's 3.40) evaluates an `IN` list of three by
    /// building a temporary table for every row written — more than half of what keeping a
    /// response cost (`Benchmarks/store.py`'s instruction counts). Other programs writing the
    /// file are still held to it.
    static func configure(_ connection: SQLiteConnection, madeHere: Bool) throws {
        try connection.execute("""
            PRAGMA synchronous = \(madeHere ? "OFF" : "NORMAL"); PRAGMA mmap_size = \(mappedBytes);
            PRAGMA wal_autocheckpoint = \(checkpointPages); PRAGMA ignore_check_constraints = ON
            """)
    }

    /// How many pages a commit may leave in the write-ahead log before it checkpoints them (1 MiB
    /// of 8 KiB pages; SQLite's default is 1,000): a batch's checkpoints overwrite the start of a
    /// small log rather than grow a large one, and what is left to checkpoint when the last
    /// connection closes, after the last response, is little.
    static let checkpointPages = 128

    /// The size of a new database's pages: 8 KiB holds three of the service's report bodies
    /// (2–3 KiB each) where 4 KiB, SQLite's default, holds one, so a batch writes fewer pages.
    static let pageSize = 8192

    /// How much of the database file a connection maps (SQLite's `mmap_size`).
    static let mappedBytes = 256 << 20

    /// Hands the waiting writes to the commit queue, to be committed in one transaction; what
    /// cannot be committed is not kept (said).
    private func startCommit(_ state: inout State) {
        guard !state.writes.isEmpty else { return }
        let writes = state.writes
        state.writes = [:]
        guard state.connection != nil else { return }
        state.committing.append(writes)
        commits.enqueue { [self] in
            let failure = write(writes)
            endReading()
            self.state.withLock { state in
                state.committing.removeFirst()
                if let failure { fail(&state, failure, doing: Self.notKeeping(writes)) }
            }
        }
    }

    /// Writes `writes` in one transaction through the writer's connection (opened on first
    /// use); the error when they could not be.
    private func write(_ writes: [Key: Write]) -> (any Error)? {
        writer.withLock { slot -> (any Error)? in
            do {
                let writer: SQLiteConnection
                let removals = removals.load(ordering: .acquiring)
                if let connection = slot.connection, slot.removals == removals {
                    writer = connection
                } else {
                    slot.connection?.close()
                    slot.connection = nil
                    writer = try SQLiteConnection(path: path, access: .readWrite, busyTimeout: Self.busyTimeout)
                    try Self.configure(writer, madeHere: madeHere.load(ordering: .relaxed))
                    slot.connection = writer
                    slot.removals = removals
                }
                try writer.transaction {
                    for (key, write) in writes {
                        let where_: [SQLiteConnection.Value] = [.integer(Int64(key.term)), .text(key.kind.rawValue)]
                        switch write {
                        case .keep(let entry, let at):
                            try Self.insert(entry, where: where_, at: at, on: writer)
                        case .checked(let etag, let freshUntil, let at, let form):
                            try writer.run("""
                                UPDATE response SET etag = coalesce(?3, etag), fresh_until = ?4, checked_at = ?5,
                                    form = coalesce(?6, form)
                                WHERE term = ?1 AND kind = ?2
                                """, where_[0], where_[1], etag.map { .text($0) } ?? .null, .integer(freshUntil), .integer(at),
                                form.map { .blob($0) } ?? .null)
                        case .formed(let form):
                            try writer.run("UPDATE response SET form = ?3 WHERE term = ?1 AND kind = ?2",
                                           where_[0], where_[1], .blob(form))
                        case .forget:
                            try writer.run("DELETE FROM response WHERE term = ?1 AND kind = ?2", where_[0], where_[1])
                        }
                    }
                }
                return nil
            } catch {
                // A damaged database is removed (`fail`): the next commit opens the new one.
                if let failure = error as? SQLiteConnection.Failure, failure.isDamage {
                    slot.connection?.close()
                    slot.connection = nil
                }
                return error
            }
        }
    }

    /// Writes `entry` as the row whose term and kind are `where_`, replacing any.
    private static func insert(_ entry: Entry, where where_: [SQLiteConnection.Value], at: Int64,
                               on writer: SQLiteConnection) throws(SQLiteConnection.Failure) {
        let statement = try writer.prepare("""
            INSERT INTO response (term, kind, body, etag, fresh_until, stored_at, checked_at, checksum, form)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7, ?8)
            ON CONFLICT (term, kind) DO UPDATE SET body = excluded.body, etag = excluded.etag,
                fresh_until = excluded.fresh_until, stored_at = excluded.stored_at,
                checked_at = excluded.checked_at, checksum = excluded.checksum, form = excluded.form
            """)
        defer { statement.reset() }
        try statement.bind([where_[0], where_[1], .null, entry.etag.map { .text($0) } ?? .null,
                            .integer(entry.freshUntil), .integer(at), .blob(checksum(of: entry.body)), .null])
        // The body and the form bound where they are, not copied.
        let failure = entry.body.withUnsafeBytes { body in
            (entry.form ?? []).withUnsafeBytes { form -> SQLiteConnection.Failure? in
                do throws(SQLiteConnection.Failure) {
                    try statement.bindBorrowed(body, at: 3)
                    if entry.form != nil { try statement.bindBorrowed(form, at: 8) }
                    while try statement.step() {}
                    return nil
                } catch {
                    return error
                }
            }
        }
        if let failure { throw failure }
    }

    /// What a failed commit of `writes` did not keep, for the log.
    private static func notKeeping(_ writes: [Key: Write]) -> String {
        "not keeping \(writes.count == 1 ? writes.keys.first!.name : "\(writes.count) responses")"
    }

    /// Says why a step failed; a damaged database is closed and removed, to be started anew.
    private func fail(_ state: inout State, _ error: any Error, doing: String) {
        if let failure = error as? SQLiteConnection.Failure, failure.isDamage {
            log?("cache: \(doing): \(path): \(failure); it is started anew")
            state.connection?.close()
            state.connection = nil
            state.total = nil
            state.rows = nil
            removals.wrappingAdd(1, ordering: .releasing)
            reader.withLock { reader in reader.close() }
            Self.removeDatabase(path)
        } else {
            log?("cache: \(doing): \(error)")
        }
    }

    // MARK: Files

    /// The database file and the files SQLite keeps beside it; the database last, so that a
    /// removal cut short never leaves a write-ahead log without its database.
    static func databaseFiles(_ path: String) -> [String] {
        [path + "-wal", path + "-shm", path + "-journal", path]
    }

    /// Removes the database and the files beside it; the paths that could not be removed.
    @discardableResult
    static func removeDatabase(_ path: String) -> [String] {
        databaseFiles(path).filter { unlink($0) != 0 && errno != ENOENT }
    }

    enum FileCheck {
        case missing, usable
        case untrusted(String)
    }

    /// Whether the database file at `path` is a regular file (not a link) of this user with mode
    /// 0600. Opened without following a link and without blocking (a FIFO must not hang the open).
    static func checkFile(_ path: String) -> FileCheck {
        let descriptor = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return .missing }
            return .untrusted(code == ELOOP ? "it is a symbolic link" : Descriptor.reason(code))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .untrusted(Descriptor.reason(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .untrusted("it is not a regular file") }
        guard status.st_uid == geteuid() else { return .untrusted("it belongs to another user (uid \(status.st_uid))") }
        guard status.st_mode & 0o7777 == 0o600 else {
            return .untrusted("its mode is \(String(status.st_mode & 0o7777, radix: 8)), not 600")
        }
        return .usable
    }

    /// Makes an empty database file, mode 0600 whatever the umask (SQLite gives the files beside
    /// it the same mode).
    private static func createFile(_ path: String) -> String? {
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            return errno == EEXIST ? nil : "\(path) cannot be created: \(Descriptor.reason(errno))"
        }
        defer { close(descriptor) }
        if fchmod(descriptor, 0o600) != 0 { return "\(path): \(Descriptor.reason(errno))" }
        return nil
    }

    /// Makes `path` and any missing parent as 0700 (the XDG base directory specification asks
    /// that of a cache directory it creates), then checks that it is a directory of this user
    /// that no one else can enter, tightening one of this user's to 0700. The reason when it
    /// cannot be used.
    static func prepareFolder(_ path: String, create: Bool) -> FolderProblem? {
        // Checked before anything is made: in a shared base (XDG_CACHE_HOME=/shared, 1777) another
        // user's link would send the folder, the chmod and the store into a folder of theirs
        // choosing — one of this user's own, say.
        if let problem = foreignLink(in: path) { return problem }
        if create, let failure = AtomicFile.createFolders(path) {
            return .cannotCreate(failure.folder, failure.code)
        }
        // stat, not lstat: a cache folder the user links to another disk is theirs to choose.
        var status = stat()
        guard stat(path, &status) == 0 else {
            return errno == ENOENT ? nil : .system(path, errno)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { return .notDirectory(path) }
        guard status.st_uid == geteuid() else { return .otherUser(path, status.st_uid) }
        // Reports are personal data: a folder of this user's that others may enter is closed.
        if status.st_mode & 0o077 != 0, chmod(path, 0o700) != 0 {
            return .openToOthers(path, errno)
        }
        return nil
    }

    /// The first component of `path` that is a symbolic link owned by another user (root's
    /// are the system's), as `lstat` sees it; nil when there is none. A link of this user's own
    /// is followed: a cache folder the user links to another disk is theirs to choose.
    static func foreignLink(in path: String) -> FolderProblem? {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            var status = stat()
            guard lstat(prefix, &status) == 0 else { return nil }
            if status.st_mode & S_IFMT == S_IFLNK, status.st_uid != geteuid(), status.st_uid != 0 {
                return .foreignLink(prefix, status.st_uid)
            }
        }
        return nil
    }

    /// Whether the service's `ETag` can be kept and sent back: visible ASCII and spaces, short.
    static func isKeepable(etag: String) -> Bool {
        var etag = etag
        return etag.withUTF8 { bytes in
            !bytes.isEmpty && bytes.count <= 512 && bytes.allSatisfy { $0 >= 0x20 && $0 <= 0x7E }
        }
    }

    /// Now, in nanoseconds since 1970.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// Why the store's folder cannot be used: what was found, and where.
public enum FolderProblem: Hashable, Sendable, CustomStringConvertible {
    /// A component of the path is another user's symbolic link.
    case foreignLink(String, uid_t)
    /// A folder of the path could not be made (errno).
    case cannotCreate(String, Int32)
    /// The folder cannot be looked at (errno).
    case system(String, Int32)
    case notDirectory(String)
    case otherUser(String, uid_t)
    /// Others may enter it, and it could not be closed to them (errno).
    case openToOthers(String, Int32)

    /// As the catalog says it.
    public var detail: Detail {
        switch self {
        case .foreignLink(let path, let uid): Detail(.detailStoreForeignLink, ["path": .data(PrintableText.oneLine(path)), "uid": .data("\(uid)")])
        case .cannotCreate(let path, let code): Detail(.detailStoreCannotCreate, ["path": .data(PrintableText.oneLine(path)), "detail": .system(code)])
        case .system(let path, let code): Detail(.detailFileSystem, ["path": .data(PrintableText.oneLine(path)), "detail": .system(code)])
        case .notDirectory(let path): Detail(.detailFileNotDirectory, ["path": .data(PrintableText.oneLine(path))])
        case .otherUser(let path, let uid): Detail(.detailStoreOtherUser, ["path": .data(PrintableText.oneLine(path)), "uid": .data("\(uid)")])
        case .openToOthers(let path, let code): Detail(.detailStoreOpenToOthers, ["path": .data(PrintableText.oneLine(path)), "detail": .system(code)])
        }
    }

    /// English, for the `--verbose` log.
    public var description: String {
        switch self {
        case .foreignLink(let path, let uid): "\(path) is a symbolic link of another user (uid \(uid))"
        case .cannotCreate(let path, let code): "\(path) cannot be created: \(Descriptor.reason(code))"
        case .system(let path, let code): "\(path): \(Descriptor.reason(code))"
        case .notDirectory(let path): "\(path) is not a directory"
        case .otherUser(let path, let uid): "\(path) belongs to another user (uid \(uid))"
        case .openToOthers(let path, let code): "\(path) is open to other users and cannot be closed: \(Descriptor.reason(code))"
        }
    }
}
