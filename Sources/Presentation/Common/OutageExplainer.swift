import Domain

/// Turns a bare "service unavailable" into what the service says about itself: when a request
/// fails with 503, ask the service-check endpoint whether this is maintenance and until when
/// (the seed's BaseViewModel consults its ServiceCheckUseCase the same way).
struct OutageExplainer: Sendable {
    let serviceCheckUseCase: (any ServiceCheckUseCase)?

    func explain(_ error: ReportError) async -> ReportError {
        guard case .unavailable(let outage) = error, let serviceCheckUseCase,
              let status = try? await serviceCheckUseCase.status(), status.isUnderMaintenance else {
            return error
        }
        return .unavailable(ServiceOutage(message: status.message ?? outage.message,
                                          until: status.until ?? outage.until, isMaintenance: true))
    }
}

extension ReportError {
    /// Any error as a domain error: use cases throw `ReportError`; cancellation arrives as
    /// `CancellationError`; anything else is a contract breach.
    public init(_ error: any Error) {
        if let error = error as? ReportError {
            self = error
        } else if error is CancellationError {
            self = .cancelled
        } else {
            self = .invalidResponse(String(describing: error))
        }
    }
}
