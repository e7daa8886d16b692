import Presentation
import Terminal

extension AppContainer {
    /// The whole cache folder, as the environment places and bounds it.
    private func makeCacheFolder() throws -> (ServiceLayer.CacheFolder, CacheSettings) {
        let settings = try CacheSettings(environment: environment)
        let folder = ServiceLayer.CacheFolder(directory: settings.directory, maxBytes: settings.maxBytes)
        if let problem = folder.problem() {
            throw CLIError(.detailRefusalCacheUnusable, ["detail": .detail(problem)],
                           hint: .detailRefusalOwnCacheFolder, kind: .configuration)
        }
        return (folder, settings)
    }

    /// `report cache info`: where, how many entries, how big, and the bound.
    func showCache(json: Bool) throws -> ExitStatus {
        let (folder, settings) = try makeCacheFolder()
        let usage: ServiceLayer.CacheSize
        do {
            usage = try folder.usage()
        } catch {
            throw CLIError(error, context: "")
        }
        let fresh = usage.fresh
        if json {
            let document = CacheInfoDocument(directory: folder.path, usage: usage, fresh: fresh,
                                             maxFreshSeconds: ServiceLayer.CacheFolder.maxFreshSeconds, maxBytes: folder.maxBytes)
            try standardOutput.write(JSONWriter.text(of: document, pretty: standardOutput.isTerminal) + "\n")
            return .success
        }
        let style = makeTextStyle()
        let words = makeWords()
        let bound = settings.maxBytesFromEnvironment ? "REPORT_CACHE_MAX_SIZE" : words[.cacheDefaultLimit]
        let size = CacheSettings.sizeText(usage.bytes, words: words)
        let exactSize = words(.cacheBytes, ["count": "\(usage.bytes)"])
        var rows: [(String, String, String?)] = [
            (words[.cacheDirectory], PrintableText.line(folder.path), words(.cacheFrom, ["source": settings.directoryOrigin == .passwordDatabase
                ? words[.configPasswordDatabase] : settings.directoryOrigin.source])),
            (words[.cacheReports], "\(usage.reports)", words[.cacheReportsNote]),
            (words[.cacheEntries], "\(usage.entries)", words[.cacheEntriesNote]),
            (words[.cacheFresh], "\(fresh)", words[.cacheFreshNote]),
            (words[.cacheFreshLimit], words(.cacheFreshLimitValue, ["hours": "\(ServiceLayer.CacheFolder.maxFreshSeconds / 3600)"]),
             words[.cacheFreshLimitNote]),
            // The exact count beside a size in KiB or more; a size under 1 KiB is that count already, said once.
            (words[.cacheSize], size, size == exactSize ? nil : exactSize),
            (words[.cacheOnDisk], CacheSettings.sizeText(usage.fileBytes, words: words), words[.cacheOnDiskNote]),
            (words[.cacheLimit], CacheSettings.sizeText(folder.maxBytes, words: words), bound),
        ]
        if usage.unread > 0 {
            rows.insert((words[.cacheUnread], "\(usage.unread)", words[.cacheUnreadNote]), at: rows.count - 1)
        }
        // The values line up two columns after the widest name ("directory", "폴더").
        let nameWidth = (rows.map { TextLayout.width(of: $0.0) }.max() ?? 0) + 2
        var text = ""
        for (name, value, note) in rows {
            text += name + String(repeating: " ", count: nameWidth - TextLayout.width(of: name)) + value
                + (note.map { "  " + style.dim("(\($0))") } ?? "") + "\n"
        }
        try standardOutput.write(text)
        return .success
    }

    /// `report cache clear`: every entry removed; says how many on stderr (`--json`: a document on stdout).
    func clearCache(json: Bool) throws -> ExitStatus {
        let (folder, _) = try makeCacheFolder()
        let (removed, failed) = folder.clear()
        if let first = failed.first {
            throw CLIError(failed.count == 1 ? .detailRefusalCouldNotRemove : .detailRefusalCouldNotRemoveMany,
                           ["count": .data("\(failed.count)"), "path": .data(PrintableText.oneLine(first))],
                           hint: .detailRefusalCheckPermissions, ["path": .data(PrintableText.oneLine(folder.path))], kind: .cannotWrite)
        }
        if json {
            let document = CacheClearDocument(directory: folder.path, removed: removed)
            try standardOutput.write(JSONWriter.text(of: document, pretty: standardOutput.isTerminal) + "\n")
        }
        let words = makeWords()
        let size = CacheSettings.sizeText(removed.bytes, words: words)
        standardError.note((removed.entries == 0 && removed.unread > 0
            ? words(.cacheRemovedUnread, ["size": CacheSettings.sizeText(removed.fileBytes, words: words), "folder": folder.path])
            : removed.entries == 0 ? words(.cacheWasEmpty, ["folder": folder.path])
            : removed.entries == 1 ? words(.cacheRemovedOne, ["size": size, "folder": folder.path])
            : words(.cacheRemoved, ["count": "\(removed.entries)", "size": size, "folder": folder.path])) + "\n")
        return .success
    }
}

/// `report cache info --json`: `{"bytes", "directory", "entries", "fileBytes", "fresh", "maxBytes", "maxFreshSeconds",
/// "reports", "schemaVersion", "unreadStores"}`.
struct CacheInfoDocument: JSONWritable, Sendable {
    let directory: String
    let usage: ServiceLayer.CacheSize
    /// Entries fresh now: used without asking the service.
    let fresh: Int
    /// The longest an entry stays fresh, whatever `max-age` the service sent.
    let maxFreshSeconds: Int
    let maxBytes: Int

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("bytes", usage.bytes)
            writer.member("directory", directory)
            writer.member("entries", usage.entries)
            writer.member("fileBytes", usage.fileBytes)
            writer.member("fresh", fresh)
            writer.member("maxBytes", maxBytes)
            writer.member("maxFreshSeconds", maxFreshSeconds)
            writer.member("reports", usage.reports)
            writer.schemaVersionMember()
            writer.member("unreadStores", usage.unread)
        }
    }
}

/// `report cache clear --json`: `{"directory", "removed": {"bytes", "entries", "fileBytes", "unreadStores"}, "schemaVersion"}`.
struct CacheClearDocument: JSONWritable, Sendable {
    let directory: String
    let removed: ServiceLayer.CacheSize

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("directory", directory)
            writer.key("removed")
            writer.object { writer in
                writer.member("bytes", removed.bytes)
                writer.member("entries", removed.entries)
                writer.member("fileBytes", removed.fileBytes)
                writer.member("unreadStores", removed.unread)
            }
            writer.schemaVersionMember()
        }
    }
}
