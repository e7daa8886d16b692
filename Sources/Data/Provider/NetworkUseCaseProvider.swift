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
    /// How the requests of finished reports use the report cache.
    private let cachedRequester: CachedRequester
    /// The cache folder, whatever the command's use of it: signing out removes the member's entries.
    private let cacheFolder: CacheFolder?

    /// Throws `ServiceConfigurationError` for a bad base URL, and `CredentialsFileError` when
    /// stored credentials are asked for and their file cannot be used safely: that is found out
    /// here, before any request, rather than in the middle of one.
    public init(configuration: ServiceConfiguration) throws {
        do {
            baseURL = try BaseURL(configuration.baseURL)
        } catch {
            throw ServiceConfigurationError(description: "\(error)")
        }
        if baseURL.isPlainHTTP, !baseURL.isLoopback, !configuration.allowsInsecureHTTP {
            throw ServiceConfigurationError(
                description: "plain http:// to \(baseURL.host) would send the credentials unencrypted; only loopback hosts may use http://",
                isInsecureHTTP: true)
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
        options.maxHostConnections = max(1, configuration.maxConnectionsPerHost)
        do {
            transport = try CurlTransport(options: options)
        } catch {
            throw ServiceConfigurationError(description: "libcurl could not start: \(error)")
        }
        credentialsLockTimeout = configuration.credentialsLockTimeout
        let tokens: any AccessTokenSource
        /// Whose entries of the cache these credentials may use, or why none.
        let scope: Result<CacheScope, ReportError>
        switch configuration.credentials {
        case .token(let token):
            tokens = StaticAccessTokenSource(token: token)
            authMode = .environment
            scope = .success(CacheScope(baseURL: baseURL, token: token))
        case .none:
            tokens = StaticAccessTokenSource(token: nil)
            authMode = .none
            scope = .failure(.unauthorized(Detail(.detailNoAccessToken)))
        case .stored(let directory, let profile):
            let store = CredentialsStore(directory: directory)
            let document = try store.read()
            scope = Self.scope(of: document?.profiles[profile], profile: profile, on: baseURL)
            tokens = StoredAccessTokenSource(store: store, profile: profile, baseURL: baseURL,
                                             grant: Self.makeGrant(transport: transport, baseURL: baseURL,
                                                                   retryPolicy: retryPolicy, log: log),
                                             stored: document?.profiles[profile],
                                             lockTimeout: configuration.credentialsLockTimeout)
            authMode = .stored(store, profile: profile)
        }
        requester = ServiceRequester(tokens: tokens)
        let folder = configuration.cache.map { CacheFolder(path: $0.directory, maxBytes: $0.maxBytes) }
        cacheFolder = folder
        var mode = CachedRequester.Mode.off
        if let folder, let use = configuration.cache?.use {
            let (cacheLog, maxBodyBytes) = (configuration.log, configuration.maxResponseBytes)
            let cache = scope.map { ReportCache(folder: folder, scope: $0, maxBodyBytes: maxBodyBytes, log: cacheLog) }
            switch (use, cache) {
            case (.revalidate, .success(let cache)): mode = .revalidate(cache)
            case (.refresh, .success(let cache)): mode = .revalidate(cache, refresh: true)
            case (.offline, _): mode = .offline(cache)
            case (.revalidate, .failure), (.refresh, .failure), (.off, _): break
            }
        }
        cachedRequester = CachedRequester(requester: requester, mode: mode)
    }

    /// The scope of a profile's stored credentials: their member, on the base URL they were
    /// issued for, which must be this one (as `StoredAccessTokenSource` requires of its token).
    private static func scope(of credentials: StoredCredentials?, profile: String,
                              on baseURL: BaseURL) -> Result<CacheScope, ReportError> {
        guard let credentials else { return .failure(.unauthorized(Detail(.detailNotSignedIn, ["profile": .data(profile)]))) }
        guard credentials.baseURL == baseURL.description else {
            return .failure(.unauthorized(Detail(.detailSignedInElsewhere, ["profile": .data(profile), "stored": .data(credentials.baseURL),
                                                                    "baseURL": .data(baseURL.description)])))
        }
        return .success(CacheScope(baseURL: baseURL, holder: .member(credentials.memIdx)))
    }

    /// A `Network` on the shared transport with the configured retries, deadline and log.
    private func makeNetwork<T>() -> Network<T> {
        Network(transport: transport, baseURL: baseURL, retryPolicy: retryPolicy, log: log)
    }

    /// The refresh grant: not started past `--max-time`, but once started not cut short by it.
    private static func makeGrant(transport: CurlTransport, baseURL: BaseURL, retryPolicy: RetryPolicy,
                                  log: (@Sendable (String) -> Void)?) -> TokenGrant {
        var policy = retryPolicy
        policy.finishesStartedAttempts = true
        return TokenGrant(network: Network(transport: transport, baseURL: baseURL, retryPolicy: policy, log: log), now: now)
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
            grant: Self.makeGrant(transport: transport, baseURL: baseURL, retryPolicy: retryPolicy, log: log),
            memberNetwork: makeNetwork(),
            member: NetworkMemberUseCase(network: makeNetwork(), requester: requester),
            tokens: requester.tokens,
            baseURL: baseURL,
            lockTimeout: credentialsLockTimeout,
            cacheFolder: cacheFolder
        )
    }

    public func makeMemberUseCase() -> any MemberUseCase {
        NetworkMemberUseCase(network: makeNetwork(), requester: requester)
    }

    public func makeRawRequestUseCase() -> NetworkRawRequestUseCase {
        NetworkRawRequestUseCase(network: makeNetwork(), requester: requester)
    }
}
