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
        var options = TransportOptions(clientVersion: configuration.clientVersion)
        options.connectTimeout = configuration.connectTimeout
        options.totalTimeout = configuration.requestTimeout
        options.maxResponseBytes = configuration.maxResponseBytes
        do {
            transport = try CurlTransport(options: options)
        } catch {
            throw ServiceConfigurationError(description: "libcurl could not start: \(error)")
        }
        requester = ServiceRequester(tokens: StaticAccessTokenSource(token: configuration.accessToken))
    }

    public func makeInterviewUseCase() -> any InterviewUseCase {
        NetworkInterviewUseCase(network: Network(transport: transport, baseURL: baseURL), requester: requester)
    }

    public func makeAnalysisReportUseCase() -> any AnalysisReportUseCase {
        NetworkAnalysisReportUseCase(network: Network(transport: transport, baseURL: baseURL), requester: requester)
    }

    public func makeVideoReportUseCase() -> any VideoReportUseCase {
        NetworkVideoReportUseCase(network: Network(transport: transport, baseURL: baseURL), requester: requester)
    }

    public func makeInterviewListUseCase() -> any InterviewListUseCase {
        NetworkInterviewListUseCase(network: Network(transport: transport, baseURL: baseURL), requester: requester)
    }

    public func makeHintUseCase() -> any HintUseCase {
        NetworkHintUseCase(network: Network(transport: transport, baseURL: baseURL), requester: requester)
    }

    public func makeServiceCheckUseCase() -> any ServiceCheckUseCase {
        NetworkServiceCheckUseCase(network: Network(transport: transport, baseURL: baseURL), requester: requester)
    }
}
