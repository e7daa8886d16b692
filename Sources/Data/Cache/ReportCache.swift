#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One scope's entries in the report cache (`CacheScope`: a service and whose credentials): read,
/// kept, renewed and forgotten by name (`report-1001`). Nothing here fails a command: an entry
/// that cannot be read is not there (a damaged one is removed, so that it is fetched again), and
/// one that cannot be written is not kept; `--verbose` says which and why.
struct ReportCache: Sendable {
    let folder: CacheFolder
    let scope: CacheScope
    /// The scope's folder name, worked out once.
    let scopeName: String
    let log: (@Sendable (String) -> Void)?

    /// An entry's header and a response's body together: the most an entry file may hold.
    private let maxEntryBytes: Int

    init(folder: CacheFolder, scope: CacheScope, maxBodyBytes: Int, log: (@Sendable (String) -> Void)?) {
        self.folder = folder
        self.scope = scope
        scopeName = scope.folderName
        self.log = log
        maxEntryBytes = maxBodyBytes + CacheEntry.maxHeaderBytes
    }

    private func key(_ name: String) -> String { scopeName + "/" + name }
    private func path(_ name: String) -> String { folder.path + "/" + key(name) }

    /// The intact entry called `name`; nil when there is none or it is damaged (then it is removed).
    func read(_ name: String) -> CacheEntry? {
        if let problem = folder.readProblem() {
            log?("cache: not reading \(folder.path): \(problem)")
            return nil
        }
        let damage: CacheEntry.Damage
        switch CacheFiles.readEntry(path(name), limit: maxEntryBytes) {
        case .missing:
            return nil
        case .unusable(let reason):
            damage = reason
        case .bytes(let bytes):
            switch CacheEntry.decode(bytes, key: key(name)) {
            case .success(let entry): return entry
            case .failure(let reason): damage = reason
            }
        }
        log?("cache: ignoring the entry \(name), \(damage); it will be fetched again")
        forget(name)
        return nil
    }

    /// Keeps `body` with its `etag` (none: the service sent none, or one that cannot be sent back)
    /// and until when it is fresh (`freshUntil`, ns since 1970; 0: never) as the entry `name`,
    /// replacing any older one.
    func keep(_ name: String, etag: String?, freshUntil: Int64 = 0, body: Data) {
        var etag = etag
        if let tag = etag, !CacheEntry.isKeepable(etag: tag) {
            log?("cache: \(name): its ETag cannot be sent back; kept without it")
            etag = nil
        }
        let bytes = CacheEntry(key: key(name), etag: etag, freshUntil: freshUntil, body: body).encoded()
        guard bytes.count <= folder.maxBytes, bytes.count <= maxEntryBytes else {
            log?("cache: not keeping \(name): \(bytes.count) bytes is more than the cache may hold (\(folder.maxBytes))")
            forget(name)
            return
        }
        if let problem = folder.prepareForWriting(scope: scopeName) ?? CacheFiles.writeEntry(bytes, to: path(name)) {
            log?("cache: not keeping \(name): \(problem)")
            return
        }
        let freshness = freshUntil > 0 ? "fresh for \(CacheFreshness.secondsLeft(until: freshUntil, now: CacheFiles.now())) s" : "to be revalidated"
        log?("cache: kept \(name) (\(bytes.count) bytes, \(etag.map { "ETag \($0)" } ?? "no ETag"), \(freshness))")
        let dropped = folder.didWrite(key(name), size: bytes.count)
        if !dropped.isEmpty {
            log?("cache: over \(folder.maxBytes) bytes: removed the \(dropped.count) entries used longest ago")
        }
    }

    /// The entry was found current (a 304, or served offline): it is the last to be dropped.
    func renew(_ name: String) {
        if CacheFiles.touch(path(name)) { folder.didTouch(key(name)) }
    }

    /// Removes the entry `name`, if there is one.
    func forget(_ name: String) {
        if CacheFiles.remove(path(name)) { folder.didRemove(key(name)) }
    }
}
