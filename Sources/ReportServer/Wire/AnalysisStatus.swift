/// Where the service is with an interview's analysis.
enum AnalysisStatus: String, Codable, Sendable, CaseIterable {
    case done = "DONE"
    case pending = "PENDING"
    case failed = "FAILED"
}
