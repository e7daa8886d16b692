/// One synced term: where each of its responses came from, the requests they took and the bytes
/// downloaded.
public struct SyncedTerm: Sendable {
    public let termNo: TermNumber
    public let interview: SyncServed
    public let report: SyncServed
    public let video: SyncServed
    public let requests: Int
    public let bytes: Int

    public init(termNo: TermNumber, interview: SyncServed, report: SyncServed, video: SyncServed, requests: Int, bytes: Int) {
        self.termNo = termNo
        self.interview = interview
        self.report = report
        self.video = video
        self.requests = requests
        self.bytes = bytes
    }
}

/// Where a response of a synced term came from.
public enum SyncServed: String, Sendable {
    /// A new or changed body: downloaded whole and kept.
    case downloaded
    /// A conditional request answered 304: the kept copy is current.
    case notModified
    /// Kept and still fresh (`Cache-Control: max-age`): not asked.
    case fresh
}
