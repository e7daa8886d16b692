import Domain
import Presentation
import Terminal

/// A batch that Ctrl-C stopped, and how far it got: the terms written so far as fetched or failed,
/// of `total` when the batch knew how many it had.
struct BatchInterruption: Error, Sendable {
    let total: Int?
    let fetched: Int
    let failed: Int
}
