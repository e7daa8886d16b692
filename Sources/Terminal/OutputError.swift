#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A write to stdout or stderr that failed: `code` is errno.
public struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    public let streamName: String
    public let code: Int32
    /// The reader that went was the pager (`q` before the end): the member has seen enough, and
    /// the command ends as if it had shown everything, as git and gh do.
    public let pagerQuit: Bool
    /// The output filter (`--jq`) could not take a document: why (`code` is 0).
    public let filterFailure: OutputFilterFailure?

    public init(streamName: String, code: Int32, pagerQuit: Bool = false) {
        self.streamName = streamName
        self.code = code
        self.pagerQuit = pagerQuit
        filterFailure = nil
    }

    public init(streamName: String, filterFailure: OutputFilterFailure) {
        self.streamName = streamName
        code = 0
        pagerQuit = false
        self.filterFailure = filterFailure
    }

    /// The stream is standard error (else standard output).
    public var isStandardError: Bool { streamName == "standard error" }

    /// The reader of a pipe has gone (`| head -1`): not an error to report, but the end.
    public var isBrokenPipe: Bool { code == EPIPE }

    public var description: String {
        if let filterFailure { return filterFailure.reason }
        return "could not write to \(streamName): \(Descriptor.reason(code))"
    }
}
