import Domain

/// A screen that shows one thing loaded from the service (a hint, the service status, a
/// comparison, a trend): one `transform` is one load, and its output is the loaded value as
/// state, or the failure as the event; rejected credentials go to the navigator's sign-in.
public struct LoadViewModel<Value: Sendable & Equatable>: Sendable {
    /// One load: the screen is shown now.
    public struct Input: Sendable {
        public init() {}
    }

    public struct Output: Sendable, Equatable {
        public let state: LoadState<Value>
        /// Why nothing was loaded; nil when the value was, or when the user was sent to sign in.
        public let error: ReportError?
    }

    private let load: @Sendable () async throws -> Value
    private let errorRouter: ErrorRouter

    public init(load: @escaping @Sendable () async throws -> Value,
                serviceCheckUseCase: (any ServiceCheckUseCase)? = nil,
                navigator: any Navigator) {
        self.load = load
        errorRouter = ErrorRouter(serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
    }

    /// Loads once. Throws only what the navigator throws to end the screen.
    public func transform(input: Input) async throws -> Output {
        do {
            return Output(state: .loaded(try await load()), error: nil)
        } catch {
            return Output(state: .idle, error: try await errorRouter.route(error))
        }
    }
}
