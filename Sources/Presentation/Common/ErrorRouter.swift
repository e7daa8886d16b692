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

/// Where every screen's failures go, in one place: an outage is explained first (`OutageExplainer`);
/// rejected credentials go to the navigator's sign-in; anything else is the error the screen
/// returns as its event. A screen without a navigator (the batch) returns rejected credentials
/// as an error too.
struct ErrorRouter: Sendable {
    let serviceCheckUseCase: (any ServiceCheckUseCase)?
    let navigator: (any Navigator)?

    /// The error to return, or nil when the user was sent to sign in instead (and the navigator
    /// did not end the screen by throwing).
    func route(_ error: any Error) async throws -> ReportError? {
        let outages = OutageExplainer(serviceCheckUseCase: serviceCheckUseCase)
        let reportError = await outages.explain(ReportError(error))
        if case .unauthorized(let reason) = reportError, let navigator {
            try await navigator.toSignIn(reason: reason)
            return nil
        }
        return reportError
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
            self = .invalidResponse(.unexpected(String(describing: error)))
        }
    }
}
