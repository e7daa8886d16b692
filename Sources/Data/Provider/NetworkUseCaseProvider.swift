import Domain

/// The use cases over the service's HTTP API, on one libcurl transport shared by all of them
/// (one connection pool). The only type the composition root needs from the Data layer.
public final class NetworkUseCaseProvider: UseCaseProvider, Sendable {
    private let transport: CurlTransport
    private let baseURL: BaseURL
    private let requester: ServiceRequester

    public init(configuration: ServiceConfiguration) throws {
        do {
            baseURL = try BaseURL(configuration.baseURL)
        } catch {
            throw ServiceConfigurationError(description: "\(error)")
        }
        transport = try CurlTransport(options: TransportOptions(
            connectTimeout: configuration.connectTimeout,
            requestTimeout: configuration.requestTimeout,
            maxResponseBytes: configuration.maxResponseBytes,
            userAgent: UserAgent.make(clientVersion: configuration.clientVersion)
        ))
        requester = ServiceRequester(tokens: StaticAccessTokenSource(token: configuration.accessToken))
    }

    public func makeInterviewUseCase() -> any InterviewUseCase {
        NetworkInterviewUseCase(network: Network(transport: transport, baseURL: baseURL), requester: requester)
    }

    public func makeAnalysisReportUseCase() -> any AnalysisReportUseCase {
        NetworkAnalysisReportUseCase(network: Network(transport: transport, baseURL: baseURL), requester: requester)
    }
}
