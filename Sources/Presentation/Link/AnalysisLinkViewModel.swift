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
        /// Whether a link is being checked (the seed's activity indicator).
        public let isLoading: StateStream<Bool>
        public let error: EventStream<ReportError>
    }

    private let useCase: OpenAnalysisLinkUseCase
    private let outages: OutageExplainer
    private let navigator: any AnalysisLinkNavigator

    public init(useCase: OpenAnalysisLinkUseCase, serviceCheckUseCase: (any ServiceCheckUseCase)? = nil,
                navigator: any AnalysisLinkNavigator) {
        self.useCase = useCase
        self.outages = OutageExplainer(serviceCheckUseCase: serviceCheckUseCase)
        self.navigator = navigator
    }

    public func transform(input: Input) -> Output {
        let isLoading = StateRelay(false)
        let errors = EventRelay<ReportError>()
        Task {
            for await link in input.openTrigger {
                isLoading.accept(true)
                do {
                    let termNo = try await useCase.termNo(for: link)
                    isLoading.accept(false)
                    navigator.toReport(termNo)
                } catch {
                    isLoading.accept(false)
                    let reportError = await outages.explain(ReportError(error))
                    if case .unauthorized(let reason) = reportError {
                        navigator.toLogin(reason: reason)
                    } else {
                        errors.accept(reportError)
                    }
                }
            }
            isLoading.finish()
            errors.finish()
        }
        return Output(isLoading: isLoading.stream, error: errors.stream)
    }
}
