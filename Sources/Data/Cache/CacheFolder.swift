import Synchronization

/// The report cache's folder (`$XDG_CACHE_HOME/report`): a folder per scope (`CacheScope`), an
/// entry file per kept response, and the bound on their total size.
///
/// The bound: the sizes of the entry files (their bytes) add up to at most `maxBytes`. The first
/// write of a process lists the folder once (about 40 ms of CPU for 30,000 entries, a full default
/// cache, on the benchmark machine; under a millisecond for a few hundred) and keeps the sizes and
/// modification times from then on; a write that goes over the bound
/// removes the entries used longest ago (an entry's modification time is renewed whenever it is
/// served) until the total is under 90 % of it, so that a full cache is not trimmed at every
/// write. Processes writing at the same time each keep the bound by what they know, so the folder
/// may hold more for a moment, until the next writer lists it again.
final class CacheFolder: Sendable {
    /// When `REPORT_CACHE_MAX_SIZE` does not say: about 15,000 terms of the demo's size (3.4 KiB each).
    static let defaultMaxBytes = 50 << 20
    /// A temporary file this old was left by a writer that crashed.
    static let staleTemporaryNanoseconds: Int64 = 600 * 1_000_000_000

    let path: String
    let maxBytes: Int
    private let state = Mutex(State())

    private struct State {
        var checked = false
        var created = false
        var problem: String?
        var preparedScopes: Set<String> = []
        /// Every entry file by "scope/name": its modification time (ns) and size. Nil until the
        /// first write of this process lists the folder.
        var index: [String: (modified: Int64, size: Int)]?
        var total = 0
    }

    init(path: String, maxBytes: Int) {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        self.path = path
        self.maxBytes = max(0, maxBytes)
    }

    func scopePath(_ scope: String) -> String { path + "/" + scope }

    /// Why entries cannot be read here (nil: they can, or there are none yet). Checked once.
    func readProblem() -> String? {
        state.withLock { state in
            if !state.checked {
                state.problem = CacheFiles.prepareFolder(path, create: false)
                state.checked = true
            }
            return state.problem
        }
    }

    /// Makes the folder and the scope's folder (0700) for a write; why it cannot be written otherwise.
    func prepareForWriting(scope: String) -> String? {
        state.withLock { state in
            if !state.created {
                state.problem = CacheFiles.prepareFolder(path, create: true)
                state.created = true
                state.checked = true
            }
            if let problem = state.problem { return problem }
            if state.preparedScopes.contains(scope) { return nil }
            if let problem = CacheFiles.prepareFolder(scopePath(scope), create: true) { return problem }
            state.preparedScopes.insert(scope)
            return nil
        }
    }

    // MARK: The bound

    /// Counts an entry just written, and keeps the bound: the paths of the entries it removed.
    @discardableResult
    func didWrite(_ key: String, size: Int) -> [String] {
        state.withLock { state in
            if state.index == nil { scan(into: &state) }
            let previous = state.index?.updateValue((CacheFiles.now(), size), forKey: key)
            state.total += size - (previous?.size ?? 0)
            guard state.total > maxBytes else { return [] }
            return trim(&state, keeping: key)
        }
    }

    func didRemove(_ key: String) {
        state.withLock { state in
            if let removed = state.index?.removeValue(forKey: key) { state.total -= removed.size }
        }
    }

    func didTouch(_ key: String) {
        state.withLock { state in
            if let size = state.index?[key]?.size { state.index?[key] = (CacheFiles.now(), size) }
        }
    }

    /// Removes the entries used longest ago, but `keeping`, until the total is under 90 % of the bound.
    private func trim(_ state: inout State, keeping: String) -> [String] {
        let target = maxBytes - maxBytes / 10
        var removed: [String] = []
        for (key, stamp) in (state.index ?? [:]).sorted(by: { $0.value.modified < $1.value.modified }) {
            guard state.total > target else { break }
            if key == keeping { continue }
            CacheFiles.remove(path + "/" + key)
            state.index?[key] = nil
            state.total -= stamp.size
            removed.append(key)
        }
        return removed
    }

    private func scan(into state: inout State) {
        var index: [String: (modified: Int64, size: Int)] = [:]
        var total = 0
        forEachEntry { scope, item in
            index[scope + "/" + item.name] = (item.modified, item.size)
            total += item.size
        }
        state.index = index
        state.total = total
    }

    /// Every entry file of every scope folder. Temporary files a crashed writer left are removed.
    private func forEachEntry(_ body: (_ scope: String, CacheFiles.Item) -> Void) {
        let now = CacheFiles.now()
        for folder in CacheFiles.list(path) where folder.isDirectory && CacheScope.isFolderName(folder.name) {
            for item in CacheFiles.list(scopePath(folder.name)) where item.isRegular {
                if CacheFiles.isTemporary(item.name) {
                    if now - item.modified > Self.staleTemporaryNanoseconds {
                        CacheFiles.remove(scopePath(folder.name) + "/" + item.name)
                    }
                    continue
                }
                body(folder.name, item)
            }
        }
    }

    // MARK: The whole folder

    /// How many entries the folder holds and their bytes.
    func usage() -> CacheUsage {
        var usage = CacheUsage(entries: 0, bytes: 0)
        forEachEntry { _, item in usage.add(item.size) }
        return usage
    }

    /// How many entries of every scope are fresh at `now` (ns since 1970): used without asking the
    /// service. Reads only each entry's header; an entry whose body is damaged is counted until
    /// it is read (and then removed).
    func freshCount(now: Int64) -> Int {
        var count = 0
        forEachEntry { scope, item in
            if let head = CacheFiles.readHead(scopePath(scope) + "/" + item.name, maxBytes: CacheEntry.maxHeaderBytes),
               let freshUntil = CacheEntry.freshUntil(header: head), CacheFreshness.isFresh(until: freshUntil, now: now) {
                count += 1
            }
        }
        return count
    }

    /// Removes every entry of every scope (`scope` nil) or of one; what was removed, and the paths
    /// that could not be removed.
    func clear(scope: String? = nil) -> (removed: CacheUsage, failed: [String]) {
        var removed = CacheUsage(entries: 0, bytes: 0)
        var failed: [String] = []
        let folders = scope.map { [$0] }
            ?? CacheFiles.list(path).filter { $0.isDirectory && CacheScope.isFolderName($0.name) }.map(\.name)
        for folder in folders {
            for item in CacheFiles.list(scopePath(folder)) where item.isRegular {
                let file = scopePath(folder) + "/" + item.name
                guard CacheFiles.remove(file) else {
                    failed.append(file)
                    continue
                }
                if !CacheFiles.isTemporary(item.name) { removed.add(item.size) }
                didRemove(folder + "/" + item.name)
            }
            if CacheFiles.exists(scopePath(folder)), !CacheFiles.removeFolder(scopePath(folder)) {
                failed.append(scopePath(folder))
            }
            state.withLock { _ = $0.preparedScopes.remove(folder) }
        }
        return (removed, failed)
    }
}

/// How many entries and how many bytes.
public struct CacheUsage: Sendable, Equatable {
    public var entries: Int
    public var bytes: Int

    public init(entries: Int, bytes: Int) {
        self.entries = entries
        self.bytes = bytes
    }

    mutating func add(_ size: Int) {
        entries += 1
        bytes += size
    }
}
