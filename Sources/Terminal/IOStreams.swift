#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The three standard streams a command uses, taken as a parameter rather than reached as
/// globals: the process's own (`standard`), or buffers (`buffered`) so that a test runs a command
/// in-process and reads what it wrote, as a terminal of any width or as a pipe.
public struct IOStreams: Sendable {
    public let input: StandardInput
    public let output: StandardStream
    public let error: StandardStream
    private let failures: WriteFailures

    /// The process's descriptors 0, 1 and 2.
    public static let standard: IOStreams = {
        let failures = WriteFailures()
        return IOStreams(input: StandardInput(descriptor: 0),
                         output: StandardStream(sink: .descriptor(1), name: "standard output", failures: failures),
                         error: StandardStream(sink: .descriptor(2), name: "standard error", failures: failures),
                         failures: failures)
    }()

    /// Streams backed by `output` and `error`; standard input is a pipe holding `input` (closed
    /// after it: a program reading it sees its end), or one already at its end.
    public static func buffered(input: [UInt8] = [], output: OutputBuffer, error: OutputBuffer) -> IOStreams {
        let failures = WriteFailures()
        return IOStreams(input: StandardInput.piped(input),
                         output: StandardStream(sink: .buffer(output), name: "standard output", failures: failures),
                         error: StandardStream(sink: .buffer(error), name: "standard error", failures: failures),
                         failures: failures)
    }

    private init(input: StandardInput, output: StandardStream, error: StandardStream, failures: WriteFailures) {
        self.input = input
        self.output = output
        self.error = error
        self.failures = failures
    }

    /// These streams with standard output going to `buffer` instead (`-o FILE`: the document is
    /// collected, then written to the file at once). Failures are shared with these streams.
    public func collectingOutput(in buffer: OutputBuffer) -> IOStreams {
        IOStreams(input: input, output: StandardStream(sink: .buffer(buffer), name: output.name, failures: failures),
                  error: error, failures: failures)
    }

    /// These streams with what is written to standard output going through `filter` first
    /// (`--jq`): each write is one or more whole documents. Failures are shared with these streams.
    public func filteringOutput(through filter: any OutputFilter) -> IOStreams {
        IOStreams(input: input, output: StandardStream(sink: .filtered(filter, output), name: output.name, failures: failures),
                  error: error, failures: failures)
    }

    /// These streams with standard output going through `pager` and standard error held while
    /// the pager is on the screen — when both are the process's own and stdout is a terminal;
    /// otherwise these streams as they are.
    public func paging(through pager: Pager) -> IOStreams {
        guard case .descriptor(let out) = output.sink, out == pager.terminal, isatty(out) == 1,
              case .descriptor(let err) = error.sink else { return self }
        return IOStreams(input: input, output: StandardStream(sink: .paged(pager), name: output.name, failures: failures),
                         error: StandardStream(sink: .heldWhilePaging(pager, err), name: error.name, failures: failures),
                         failures: failures)
    }

    /// The first write to `output` or `error` that failed, if any: a command that wrote its
    /// document but could not write a diagnostic line still fails.
    public var firstFailure: OutputError? { failures.firstFailure }

    /// Makes sure descriptors 0, 1 and 2 are open, before anything else opens a file: a program
    /// started with stdout closed (`>&-`) would otherwise write its document into whatever the
    /// next `open` or `socket` got as descriptor 1. A closed one is held by /dev/null opened
    /// read-only, so every write to it fails (EBADF) and is reported, instead of going anywhere.
    public static func reserveStandardDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let held = open("/dev/null", O_RDONLY)
            if held >= 0, held != descriptor {
                dup2(held, descriptor)
                close(held)
            }
        }
    }
}

/// Standard input: a descriptor read with `Descriptor` on a thread of its own (`BlockingCall`).
public struct StandardInput: Sendable {
    public let descriptor: Int32

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public var isTerminal: Bool { isatty(descriptor) == 1 }

    /// A pipe that holds `bytes` and then ends; its writing end is fed from a thread of its own,
    /// so input larger than the pipe's buffer works too.
    static func piped(_ bytes: [UInt8]) -> StandardInput {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { fatalError("pipe: \(Descriptor.reason(errno))") }
        let (reading, writing) = (ends[0], ends[1])
        _ = fcntl(reading, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writing, F_SETFD, FD_CLOEXEC)
        BlockingCall.detach {
            _ = Descriptor.writeAll(writing, bytes)
            close(writing)
        }
        return StandardInput(descriptor: reading)
    }

    /// Everything up to the end of the input, unless more than `limit`; nil when the task is
    /// cancelled first.
    public func readAll(limit: Int) async -> Result<[UInt8], Descriptor.ReadFailure>? {
        let descriptor = descriptor
        return await BlockingCall.run { Descriptor.readAll(descriptor, limit: limit) }
    }
}
