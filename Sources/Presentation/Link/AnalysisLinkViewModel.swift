import Domain

/// Opens the app's `analysisComplete` deep link as the seed does: the link is checked against the
/// signed-in member and, when it is theirs, its term is the output, the report to show. A link for
/// another member, or a failure to ask who is signed in, is the error event; rejected credentials
/// go to the navigator's sign-in.
public struct AnalysisLinkViewModel: Sendable {
    public struct Input: Sendable {
        public let link: AnalysisCompleteLink

        public init(link: AnalysisCompleteLink) {
            self.link = link
        }
    }

    public struct Output: Sendable, Equatable {
        /// The term whose report the link leads to; nil when it does not.
        public let termNo: TermNumber?
        public let error: ReportError?
    }

    private let useCase: OpenAnalysisLinkUseCase
    private let errorRouter: ErrorRouter

    public init(useCase: OpenAnalysisLinkUseCase, serviceCheckUseCase: (any ServiceCheckUseCase)? = nil,
                navigator: any Navigator) {
        self.useCase = useCase
        errorRouter = ErrorRouter(serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
    }

    /// Opens `input.link`. Throws only what the navigator throws to end the screen.
    public func transform(input: Input) async throws -> Output {
        do {
            return Output(termNo: try await useCase.termNo(for: input.link), error: nil)
        } catch {
            return Output(termNo: nil, error: try await errorRouter.route(error))
        }
    }
}
