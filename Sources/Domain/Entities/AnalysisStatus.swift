/// Where the service is in analysing an interview.
public enum AnalysisStatus: String, Hashable, Sendable {
    case done = "DONE"
    case pending = "PENDING"
    case failed = "FAILED"
}
