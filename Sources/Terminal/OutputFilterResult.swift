/// A filter's output for one write, and its failure if it stopped.
public struct OutputFilterResult: Sendable {
    public let output: [UInt8]
    /// Why the filter stopped; nil when it took every document.
    public let failure: OutputFilterFailure?

    public init(output: [UInt8], failure: OutputFilterFailure? = nil) {
        self.output = output
        self.failure = failure
    }
}
