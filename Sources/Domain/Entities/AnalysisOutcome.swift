/// Where an interview's analysis stands, from the interview and the analysis endpoint together.
public enum AnalysisOutcome: Hashable, Sendable {
    case ready(AnalysisReport)
    /// The service is still analysing the interview.
    case pending
    /// The service could not analyse it: the endpoint has no report and the interview says FAILED.
    case failed
}
