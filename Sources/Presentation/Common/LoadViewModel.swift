import Domain

/// A screen that shows one thing loaded from the service (a report, a hint, the service status,
/// a comparison, a trend): each load trigger loads once, after the load before it has finished,
/// and a command fires it once (or, polling, again after each answer); the value is state,
/// failures are events, and rejected credentials navigate to login.
public final class LoadViewModel<Value: Sendable & Equatable>: ViewModelType, Sendable {
    public struct Input: Sendable {
        public let loadTrigger: AsyncStream<Void>

        public init(loadTrigger: AsyncStream<Void>) {
            self.loadTrigger = loadTrigger
        }
    }

    public struct Output: Sendable {
        public let state: StateStream<LoadState<Value>>
        public let error: EventStream<ReportError>
    }

    private let load: @Sendable () async throws -> Value
    private let errorRouter: ErrorRouter

    public init(load: @escaping @Sendable () async throws -> Value,
                serviceCheckUseCase: (any ServiceCheckUseCase)? = nil,
                navigator: any LoginNavigator) {
        self.load = load
        errorRouter = ErrorRouter(serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
    }

    public func transform(input: Input) -> Output {
        let state = Relay(LoadState<Value>.idle)
        let errors = Relay<ReportError>()
        Task {
            for await _ in input.loadTrigger {
                state.accept(.loading)
                do {
                    state.accept(.loaded(try await load()))
                } catch {
                    state.accept(.idle)
                    if let reportError = await errorRouter.route(error) { errors.accept(reportError) }
                }
            }
            state.finish()
            errors.finish()
        }
        return Output(state: state.state, error: errors.events)
    }
}

/// What a loading screen shows.
public enum LoadState<Value: Sendable & Equatable>: Sendable, Equatable {
    case idle
    case loading
    case loaded(Value)
}
