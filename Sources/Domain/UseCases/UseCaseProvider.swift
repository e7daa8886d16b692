/// Makes the use cases; the composition root owns the one concrete provider.
public protocol UseCaseProvider: Sendable {
    func makeInterviewUseCase() -> any InterviewUseCase
    func makeAnalysisReportUseCase() -> any AnalysisReportUseCase
    func makeVideoReportUseCase() -> any VideoReportUseCase
    func makeInterviewListUseCase() -> any InterviewListUseCase
    func makeHintUseCase() -> any HintUseCase
    func makeServiceCheckUseCase() -> any ServiceCheckUseCase
    func makeAuthUseCase() -> any AuthUseCase
    func makeMemberUseCase() -> any MemberUseCase
    func makeRawRequestUseCase() -> any RawRequestUseCase
}
