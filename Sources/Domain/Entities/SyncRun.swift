/// A run of `report sync`, as the store keeps it.
public struct SyncRun: Sendable {
    /// The store's own number for the run; nil when there is no store to keep it in.
    public let id: Int64?
    /// The terms the run stopped before this one already brought in.
    public let done: Set<TermNumber>

    public init(id: Int64?, done: Set<TermNumber>) {
        self.id = id
        self.done = done
    }
}
