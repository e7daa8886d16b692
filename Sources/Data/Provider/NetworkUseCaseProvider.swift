import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The use cases over the service's HTTP API, on one libcurl transport shared by all of them
/// (one connection pool). The only type the composition root needs from the Data layer.
public final class NetworkUseCaseProvider: Sendable {
    private let transport: CurlTransport
    private let baseURL: BaseURL
    private let requester: ServiceRequester
    private let authMode: NetworkAuthUseCase.Mode
    private let credentialsLockTimeout: Duration
    private let retryPolicy: RetryPolicy
    private let log: (@Sendable (String) -> Void)?
    private let observe: (@Sendable (RequestAttempt) -> Void)?
    /// How the requests of finished reports use the report store.
    private let cachedRequester: CachedRequester
    /// The stores' folder, whatever the command's use of it: signing out removes the member's store.
    private let storeDirectory: String?

    /// Throws `ServiceConfigurationError` for a bad base URL, and `CredentialsFileError` when
    /// stored credentials are asked for and their file cannot be used safely: that is found out
    /// here, before any request, rather than in the middle of one.
    public init(configuration: ServiceConfiguration) throws {
        do throws(InvalidBaseURL) {
            baseURL = try BaseURL(configuration.baseURL)
        } catch {
            throw ServiceConfigurationError(.baseURL(error.problem))
        }
        if baseURL.isPlainHTTP, !baseURL.isLoopback, !configuration.allowsInsecureHTTP {
            throw ServiceConfigurationError(.baseURL(.insecureHTTP(host: baseURL.host)))
        }
        var options = TransportOptions(clientVersion: configuration.clientVersion)
        options.connectTimeout = configuration.connectTimeout
        options.totalTimeout = configuration.totalTimeout
        options.stallTimeout = configuration.stallTimeout
        options.maxResponseBytes = configuration.maxResponseBytes
        options.caFile = configuration.caFile
        var retryPolicy = RetryPolicy(maxRetries: max(configuration.maxRetries, 0))
        retryPolicy.deadline = configuration.deadline
        self.retryPolicy = retryPolicy
        log = configuration.log
        observe = configuration.observe
        options.maxHostConnections = max(1, configuration.maxConnectionsPerHost)
        // The stored credentials, read before the transport is made; a file that cannot be used
        // is said after the transport's own failure.
        let credentials: Result<CredentialsDocument?, CredentialsFileError>
        if case .stored(let directory, _) = configuration.credentials {
            credentials = Result { () throws(CredentialsFileError) in try CredentialsStore(directory: directory).read() }
        } else {
            credentials = .success(nil)
        }
        storeDirectory = configuration.cache?.directory
        var mode = CachedRequester.Mode.off
        if let cache = configuration.cache, cache.use != .off, case .success(let document) = credentials {
            let (storeLog, maxBodyBytes) = (configuration.log, configuration.maxResponseBytes)
            let store = Self.storeScope(of: configuration.credentials, stored: document, on: baseURL).map { ReportStore(folder: cache.directory, scope: $0, maxBytes: cache.maxBytes,
                                              maxBodyBytes: maxBodyBytes, build: cache.build, log: storeLog) }
            switch (cache.use, store) {
            case (.revalidate, .success(let store)): mode = .revalidate(store)
            case (.refresh, .success(let store)): mode = .revalidate(store, refresh: true)
            case (.offline, _): mode = .offline(store)
            case (.revalidate, .failure), (.refresh, .failure), (.off, _): break
            }
            // Making the transport waits for libcurl (loaded by `TransportWarmUp` since the
            // process started): the store is opened meanwhile, not before the first request.
            if case .success(let store) = store { store.openAhead() }
        }
        do {
            transport = try CurlTransport(options: options)
        } catch {
            throw ServiceConfigurationError(.transport(error.reason))
        }
        credentialsLockTimeout = configuration.credentialsLockTimeout
        let tokens: any AccessTokenSource
        switch configuration.credentials {
        case .token(let token):
            tokens = StaticAccessTokenSource(token: token)
            authMode = .environment
        case .none:
            tokens = StaticAccessTokenSource(token: nil)
            authMode = .none
        case .stored(let directory, let profile):
            let store = CredentialsStore(directory: directory)
            let document = try credentials.get()
            tokens = StoredAccessTokenSource(store: store, profile: profile, baseURL: baseURL,
                                             grant: Self.makeGrant(transport: transport, baseURL: baseURL,
                                                                   retryPolicy: retryPolicy, log: log, observe: observe),
                                             stored: document?.profiles[profile],
                                             lockTimeout: configuration.credentialsLockTimeout)
            authMode = .stored(store, profile: profile)
        }
        requester = ServiceRequester(tokens: tokens)
        cachedRequester = CachedRequester(requester: requester, mode: mode)
    }

    /// Whose store `credentials` may use on `baseURL` (`stored`: the stored credentials' file,
    /// read), or why none.
    private static func storeScope(of credentials: ServiceConfiguration.Credentials, stored: CredentialsDocument?,
                                   on baseURL: BaseURL) -> Result<ReportStore.Scope, ReportError> {
        switch credentials {
        case .token(let token): .success(ReportStore.Scope(baseURL: baseURL, token: token))
        case .none: .failure(.unauthorized(Detail(.detailNoAccessToken)))
        case .stored(_, let profile): scope(of: stored?.profiles[profile], profile: profile, on: baseURL)
        }
    }

    /// The scope of a profile's stored credentials: their member, on the base URL they were
    /// issued for, which must be this one (as `StoredAccessTokenSource` requires of its token).
    private static func scope(of credentials: StoredCredentials?, profile: String,
                              on baseURL: BaseURL) -> Result<ReportStore.Scope, ReportError> {
        guard let credentials else { return .failure(.unauthorized(Detail(.detailNotSignedIn, ["profile": .data(profile)]))) }
        guard credentials.baseURL == baseURL.description else {
            return .failure(.unauthorized(Detail(.detailSignedInElsewhere, ["profile": .data(profile), "stored": .data(credentials.baseURL),
                                                                    "baseURL": .data(baseURL.description)])))
        }
        return .success(ReportStore.Scope(baseURL: baseURL, holder: .member(credentials.memIdx)))
    }

    /// A `Network` on the shared transport with the configured retries, deadline and log.
    private func makeNetwork<T>() -> Network<T> {
        Network(transport: transport, baseURL: baseURL, retryPolicy: retryPolicy, log: log, observe: observe)
    }

    /// The refresh grant: not started past `--max-time`, but once started not cut short by it.
    private static func makeGrant(transport: CurlTransport, baseURL: BaseURL, retryPolicy: RetryPolicy,
                                  log: (@Sendable (String) -> Void)?,
                                  observe: (@Sendable (RequestAttempt) -> Void)?) -> TokenGrant {
        var policy = retryPolicy
        policy.finishesStartedAttempts = true
        return TokenGrant(network: Network(transport: transport, baseURL: baseURL, retryPolicy: policy, log: log, observe: observe),
                          now: now)
    }

    /// Seconds since 1970: token expiry is stored as wall-clock time, to survive the process.
    @Sendable private static func now() -> Int64 {
        Int64(Date().timeIntervalSince1970.rounded(.down))
    }

    public func makeInterviewUseCase() -> any InterviewUseCase {
        NetworkInterviewUseCase(network: makeNetwork(), requester: cachedRequester)
    }

    public func makeAnalysisReportUseCase() -> any AnalysisReportUseCase {
        NetworkAnalysisReportUseCase(network: makeNetwork(), requester: cachedRequester)
    }

    public func makeVideoReportUseCase() -> any VideoReportUseCase {
        NetworkVideoReportUseCase(network: makeNetwork(), requester: cachedRequester)
    }

    /// `report sync`'s: each finished term into the store, saying what was downloaded.
    public func makeSyncUseCase() -> any SyncUseCase {
        NetworkSyncUseCase(interviews: makeNetwork(), reports: makeNetwork(), videos: makeNetwork(), requester: cachedRequester)
    }

    /// `report search`'s use case: the search index in the store of the scope `configuration`'s
    /// credentials name (as the provider works it out), made without a provider, so that no
    /// transport is started and libcurl is not loaded: a search makes no request. Throws as `init`
    /// does for a bad base URL or a credentials file that cannot be used.
    public static func makeSearchUseCase(configuration: ServiceConfiguration) throws -> any SearchUseCase {
        let baseURL: BaseURL
        do throws(InvalidBaseURL) {
            baseURL = try BaseURL(configuration.baseURL)
        } catch {
            throw ServiceConfigurationError(.baseURL(error.problem))
        }
        var stored: CredentialsDocument?
        if case .stored(let directory, _) = configuration.credentials {
            stored = try CredentialsStore(directory: directory).read()
        }
        let scope = storeScope(of: configuration.credentials, stored: stored, on: baseURL)
        guard let directory = configuration.cache?.directory else {
            return StoreSearchUseCase(database: .failure(.notCached(Detail(.detailNoStoreFolder))))
        }
        return StoreSearchUseCase(database: scope.map {
            ReportStore(folder: directory, scope: $0, maxBytes: 0, maxBodyBytes: configuration.maxResponseBytes, log: nil).path
        })
    }

    public func makeInterviewListUseCase() -> any InterviewListUseCase {
        NetworkInterviewListUseCase(network: makeNetwork(), requester: requester)
    }

    public func makeHintUseCase() -> any HintUseCase {
        NetworkHintUseCase(network: makeNetwork(), requester: requester)
    }

    public func makeServiceCheckUseCase() -> any ServiceCheckUseCase {
        NetworkServiceCheckUseCase(network: makeNetwork(), requester: requester)
    }

    public func makeAuthUseCase() -> NetworkAuthUseCase {
        NetworkAuthUseCase(
            mode: authMode,
            grant: Self.makeGrant(transport: transport, baseURL: baseURL, retryPolicy: retryPolicy, log: log, observe: observe),
            memberNetwork: makeNetwork(),
            member: NetworkMemberUseCase(network: makeNetwork(), requester: requester),
            tokens: requester.tokens,
            baseURL: baseURL,
            lockTimeout: credentialsLockTimeout,
            storeFolder: storeDirectory.map { ReportStoreFolder(directory: $0) }
        )
    }

    public func makeMemberUseCase() -> any MemberUseCase {
        NetworkMemberUseCase(network: makeNetwork(), requester: requester)
    }

    public func makeRawRequestUseCase() -> NetworkRawRequestUseCase {
        NetworkRawRequestUseCase(network: makeNetwork(), requester: requester)
    }
}
