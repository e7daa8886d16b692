import Data
import Domain
import Terminal

/// The composition root's other half: what the CLI uses of the Data layer besides the use cases
/// (which `AppContainer` makes) — its rules about base URLs and stored sign-ins, which settings
/// and messages show; the transport's defaults, which the flags' help shows; libcurl's lifetime;
/// and the report cache's folder, which `report cache` shows and clears. The rest of the CLI asks
/// here and does not import Data.
enum ServiceLayer {
    // MARK: Base URLs and sign-ins

    /// A URL as it may be shown: user information and credential-like query values masked.
    static func redacted(_ url: String) -> String { Redactor.url(url) }

    /// `:8080`, `localhost:8080`: http:// on this machine, as xh reads them; any other text as it is.
    static func expandingShorthand(_ url: String) -> String { ServiceBaseURL.expandingShorthand(url) }

    /// The URL a base URL without its scheme would have meant (`reports.example.com`), if any.
    static func meant(_ url: String) -> String? { ServiceBaseURL.meant(url) }

    /// Why `text` cannot be a base URL; nil when it can.
    static func baseURLProblem(_ text: String) -> String? { ServiceBaseURL.problem(text) }

    /// What is wrong with a base URL, as the Data layer decides it (`ServiceSettings.baseURLError`).
    typealias BaseURLProblem = Data.BaseURLProblem

    /// What is wrong with `text` as a base URL, for the catalog to say (`BaseURLProblem.reason`); nil when nothing is.
    static func baseURLInvalidity(_ text: String) -> BaseURLProblem? { ServiceBaseURL.invalidity(text) }

    /// Whether two base URLs name the same service (as stored credentials are matched to one).
    static func sameService(_ first: String, _ second: String) -> Bool { StoredSignIn.sameService(first, second) }

    /// The base URL `profile` is signed in to, from the credentials file; nil when it is not.
    static func signedInBaseURL(configurationDirectory: String, profile: String) -> String? {
        StoredSignIn.baseURL(configurationDirectory: configurationDirectory, profile: profile)
    }

    /// A profile's stored sign-in, without its tokens.
    struct SignIn: Sendable, Equatable {
        /// The service the credentials belong to.
        let baseURL: String
        let memIdx: Int
        /// Seconds since 1970.
        let accessTokenExpiresAt: Int64
    }

    /// Every profile's stored sign-in, by profile: `report auth list`.
    static func storedSignIns(configurationDirectory: String) throws(CredentialsFileError) -> [String: SignIn] {
        try StoredSignIn.all(configurationDirectory: configurationDirectory).mapValues { summary in
            SignIn(baseURL: summary.baseURL, memIdx: summary.memIdx, accessTokenExpiresAt: summary.accessTokenExpiresAt)
        }
    }

    // MARK: Defaults

    static let defaultRetries = TransportDefaults.retries
    static let defaultConnectTimeout = TransportDefaults.connectTimeout
    static let defaultTotalTimeout = TransportDefaults.totalTimeout
    static let defaultStallTimeout = TransportDefaults.stallTimeout
    static let defaultCacheMaxBytes = ServiceConfiguration.Cache.defaultMaxBytes

    // MARK: libcurl's lifetime

    /// Starts loading libcurl on a thread of its own, for a command that will make requests;
    /// `store`: and, first, SQLite, for one that reads the report store.
    static func warmUpTransport(store: Bool) { TransportWarmUp.start(store: store) }

    /// Shuts libcurl down at the end of the process (when it was loaded).
    static func shutDownTransport() { TransportShutdown.run() }

    /// Waits for a credentials refresh in flight to be finished and saved; false when it was not in time.
    static func waitForGrants() -> Bool { TransportShutdown.waitForGrants() }

    /// libcurl's version line, for `--version`.
    static func transportVersionLine() -> String { TransportLibrary.versionLine() }

    // MARK: The report store's folder

    /// How much a part of the store's folder holds.
    typealias CacheSize = ReportStoreFolder.Usage

    /// The folder of the report stores, as `report cache` shows and clears it.
    struct CacheFolder: Sendable {
        private let folder: ReportStoreFolder
        /// The most one store may keep.
        let maxBytes: Int

        init(directory: String, maxBytes: Int) {
            folder = ReportStoreFolder(directory: directory)
            self.maxBytes = maxBytes
        }

        var path: String { folder.path }
        /// The most a served `max-age` keeps a report fresh.
        static var maxFreshSeconds: Int { ReportStoreFolder.maxFreshSeconds }
        /// Why the folder cannot be used (another user's, not a folder); nil when it can.
        func problem() -> Detail? { folder.problem()?.detail }
        func usage() throws(ReportError) -> CacheSize { try folder.usage() }
        /// Removes every store: what was removed, and the files that could not be.
        func clear() -> (removed: CacheSize, failed: [String]) { folder.clear() }
    }
}

extension ServiceLayer {
    // MARK: Files: the Terminal layer's problems as the catalog says them

    /// What is in the way of writing a path (`AtomicFile.refusal`, `checkWritable`).
    static func detail(_ refusal: AtomicFile.Refusal) -> Detail { refusal.detail }

    /// What failed in an atomic write.
    static func detail(_ error: AtomicFile.WriteError) -> Detail { error.detail }

    /// Why a lock file could not be taken within `timeout`.
    static func detail(_ failure: FileLock.Failure, path: String, timeout: Duration) -> Detail {
        failure.detail(path: path, timeout: timeout)
    }
}
