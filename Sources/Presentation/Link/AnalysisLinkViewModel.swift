import Domain

/// Opens the app's `analysisComplete` deep link as the seed does: each link on the open trigger
/// is checked against the signed-in member and, when it is theirs, navigates to its report. A
/// link for another member, or a failure to ask who is signed in, is an error event; rejected
/// credentials navigate to login.
public final class AnalysisLinkViewModel: ViewModelType, Sendable {
    public struct Input: Sendable {
        public let openTrigger: AsyncStream<AnalysisCompleteLink>

        public init(openTrigger: AsyncStream<AnalysisCompleteLink>) {
            self.openTrigger = openTrigger
        }
    }

    public struct Output: Sendable {
        public let error: EventStream<ReportError>
    }

    private let useCase: OpenAnalysisLinkUseCase
    private let errorRouter: ErrorRouter
    private let navigator: any AnalysisLinkNavigator

    public init(useCase: OpenAnalysisLinkUseCase, serviceCheckUseCase: (any ServiceCheckUseCase)? = nil,
                navigator: any AnalysisLinkNavigator) {
        self.useCase = useCase
        errorRouter = ErrorRouter(serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
        self.navigator = navigator
    }

    public func transform(input: Input) -> Output {
        let errors = Relay<ReportError>()
        Task {
            for await link in input.openTrigger {
                do {
                    navigator.toReport(try await useCase.termNo(for: link))
                } catch {
                    if let reportError = await errorRouter.route(error) { errors.accept(reportError) }
                }
            }
            errors.finish()
        }
        return Output(error: errors.events)
    }
}
