/// What the service says about an interview's analysis.
public enum AnalysisResult: Hashable, Sendable {
    case ready(AnalysisReport)
    /// The analysis is still running; try again later.
    case pending
}
