/// The report cache as the composition root sets it up: where it is, how large it may grow, and
/// how this command uses it.
public struct CacheConfiguration: Sendable {
    public enum Use: Sendable {
        /// Keep finished reports; use those still fresh (`Cache-Control: max-age`) without a
        /// request and revalidate the others with conditional requests (the default).
        case revalidate
        /// As `revalidate`, but revalidate every kept report, fresh or not (`--refresh`).
        case refresh
        /// Read only the cache, never the service (`--offline`).
        case offline
        /// Neither read nor write it (`--no-cache`). Signing out still removes the member's entries.
        case off
    }

    /// 50 MiB.
    public static let defaultMaxBytes = CacheFolder.defaultMaxBytes

    /// `$XDG_CACHE_HOME/report`: a folder per service and member, made 0700.
    public let directory: String
    /// The most the entries may add up to; the entries used longest ago go first.
    public let maxBytes: Int
    public let use: Use

    public init(directory: String, maxBytes: Int = CacheConfiguration.defaultMaxBytes, use: Use = .revalidate) {
        self.directory = directory
        self.maxBytes = maxBytes
        self.use = use
    }
}

/// The whole cache folder, for `report cache info` and `report cache clear`: every service's and
/// member's entries.
public struct ReportCacheFolder: Sendable {
    private let folder: CacheFolder

    public init(directory: String, maxBytes: Int) {
        folder = CacheFolder(path: directory, maxBytes: maxBytes)
    }

    public var path: String { folder.path }
    public var maxBytes: Int { folder.maxBytes }

    /// Why the folder cannot be used (it belongs to another user, say); nil when it can or does not exist.
    public func problem() -> String? { folder.readProblem() }

    /// How many entries it holds and their bytes.
    public func usage() -> CacheUsage { folder.usage() }

    /// How many of its entries are fresh now (`Cache-Control: max-age`): used without asking.
    public func freshEntries() -> Int { folder.freshCount(now: CacheFiles.now()) }

    /// The longest an entry stays fresh, in seconds, whatever `max-age` the service sent.
    public static var maxFreshSeconds: Int { Int(CacheFreshness.maxLifetime) }

    /// Removes every entry: what was removed, and the paths that could not be removed.
    public func clear() -> (removed: CacheUsage, failed: [String]) { folder.clear() }
}
