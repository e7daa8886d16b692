#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// stdout or stderr as a destination for whole documents and lines: the process's descriptor,
/// or an `OutputBuffer` when a test runs a command in-process (`IOStreams.buffered`).
///
/// Every write is checked. A document (`write`) that cannot be written throws, so the command
/// stops; a diagnostic (`note`: a progress line, the request log, an error line) that cannot be
/// written is remembered in the streams' `firstFailure`, with which the command then ends. Either
/// way a failed write never ends in exit 0.
public struct StandardStream: Sendable {
    indirect enum Sink: Sendable {
        case descriptor(Int32)
        case buffer(OutputBuffer)
        /// stdout through a pager, on the terminal it draws on.
        case paged(Pager)
        /// stderr while a pager may be on the screen: held until it exits.
        case heldWhilePaging(Pager, Int32)
        /// stdout through an output filter (`--jq`), then on to the stream under it.
        case filtered(any OutputFilter, StandardStream)
    }

    /// The descriptor whose terminal this stream shows on, if it is one.
    private var terminalDescriptor: Int32? {
        switch sink {
        case .descriptor(let descriptor), .heldWhilePaging(_, let descriptor): descriptor
        case .paged(let pager): pager.terminal
        case .filtered(_, let stream): stream.terminalDescriptor
        case .buffer: nil
        }
    }

    /// Whether this is stdout going through a pager.
    public var isPaged: Bool {
        if case .paged = sink { return true }
        if case .filtered(_, let stream) = sink { return stream.isPaged }
        return false
    }

    /// Whether what is written goes through an output filter (`--jq`) first.
    public var isFiltered: Bool {
        if case .filtered = sink { return true }
        return false
    }

    let sink: Sink
    /// "standard output" or "standard error", for messages.
    public let name: String
    let failures: WriteFailures

    init(sink: Sink, name: String, failures: WriteFailures) {
        self.sink = sink
        self.name = name
        self.failures = failures
    }

    /// Whether the stream is a terminal (progress and colour are for people, not pipes).
    public var isTerminal: Bool {
        if case .buffer(let buffer) = sink { return buffer.isTerminal }
        if case .filtered(_, let stream) = sink { return stream.isTerminal }
        return terminalDescriptor.map { isatty($0) == 1 } ?? false
    }

    /// The terminal's width in columns, or nil when not a terminal.
    public var columns: Int? {
        if case .buffer(let buffer) = sink { return buffer.isTerminal ? Self.width(reported: buffer.columns ?? 0) : nil }
        if case .filtered(_, let stream) = sink { return stream.columns }
        guard let descriptor = terminalDescriptor, isatty(descriptor) == 1 else { return nil }
        var size = winsize()
        return Self.width(reported: ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 ? Int(size.ws_col) : 0)
    }

    /// The width of a terminal whose kernel reports `reported` columns: a terminal that reports none
    /// (0×0 under script(1) and some CI runners) is still a terminal, of 80 columns, as gh takes it.
    static func width(reported: Int) -> Int {
        reported > 0 ? reported : 80
    }

    /// Writes all of `text`; throws when it cannot.
    public func write(_ text: String) throws(OutputError) {
        try write(bytes: Array(text.utf8))
    }

    /// Writes all of `bytes` (retrying short writes); throws when it cannot.
    public func write(bytes: [UInt8]) throws(OutputError) {
        let code: Int32? = switch sink {
        case .descriptor(let descriptor): Descriptor.writeAll(descriptor, bytes)
        case .buffer(let buffer): buffer.append(bytes)
        case .paged(let pager):
            try Self.write(bytes, through: pager, name: name)
        case .heldWhilePaging(let pager, let descriptor):
            pager.holdError(bytes) ? nil : Descriptor.writeAll(descriptor, bytes)
        case .filtered(let filter, let stream):
            try Self.write(bytes, through: filter, to: stream, name: name)
        }
        guard let code else { return }
        let failure = OutputError(streamName: name, code: code)
        failures.record(failure)
        throw failure
    }

    /// Writes to the pager's input (or the terminal, without a pager); nil when all was written.
    /// The pager's end of the pipe closed (the member quit it before the end) throws
    /// `OutputError.pagerQuit`, which is not a failure of the streams: it stops the command.
    private static func write(_ bytes: [UInt8], through pager: Pager, name: String) throws(OutputError) -> Int32? {
        // Asked before SIGPIPE is held off: the pager, started by the first call, must not
        // inherit that signal mask.
        let descriptor = pager.outputDescriptor()
        let code = descriptor == pager.terminal
            ? Descriptor.writeAll(descriptor, bytes) : Descriptor.writeAllCatchingBrokenPipe(descriptor, bytes)
        if code == EPIPE, descriptor != pager.terminal { throw OutputError(streamName: name, code: EPIPE, pagerQuit: true) }
        return code
    }

    /// Writes what `filter` makes of `bytes` to `stream`; nil when all was written. A document the
    /// filter could not take throws once the output of those before it is written.
    private static func write(_ bytes: [UInt8], through filter: any OutputFilter, to stream: StandardStream,
                              name: String) throws(OutputError) -> Int32? {
        let result = filter.filter(bytes)
        if !result.output.isEmpty { try stream.write(bytes: result.output) }
        guard let failure = result.failure else { return nil }
        let error = OutputError(streamName: name, filterFailure: failure)
        stream.failures.record(error)
        throw error
    }

    /// Writes a diagnostic that must not stop what it describes; a failure is remembered in the
    /// streams' `firstFailure`.
    public func note(_ text: String) {
        try? write(text)
    }
}

/// The first failed write of a set of streams.
final class WriteFailures: Sendable {
    private let first = Mutex<OutputError?>(nil)

    func record(_ failure: OutputError) {
        first.withLock { if $0 == nil { $0 = failure } }
    }

    var firstFailure: OutputError? { first.withLock { $0 } }
}

/// What a command wrote, for tests: a terminal of `columns` when `isTerminal`, a pipe otherwise.
/// With `failure` set, every write fails with that errno (a full disk is `ENOSPC`, a reader
/// that has gone `EPIPE`).
public final class OutputBuffer: Sendable {
    public let isTerminal: Bool
    public let columns: Int?
    public let failure: Int32?
    private let storage = Mutex<[UInt8]>([])

    public init(isTerminal: Bool = false, columns: Int? = nil, failure: Int32? = nil) {
        self.isTerminal = isTerminal
        self.columns = columns
        self.failure = failure
    }

    /// Everything written so far.
    public var bytes: [UInt8] { storage.withLock { $0 } }

    /// Everything written so far, as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    func append(_ bytes: [UInt8]) -> Int32? {
        if let failure, !bytes.isEmpty { return failure }
        storage.withLock { $0 += bytes }
        return nil
    }
}

/// Colour and emphasis for a terminal, or nothing at all: on only when the stream is a terminal
/// and `NO_COLOR` is unset (https://no-color.org).
public struct TextStyle: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    public static let plain = TextStyle(enabled: false)

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func cyan(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
