#if canImport(Glibc)
import Glibc
#endif
import Terminal
import Testing

@Suite("IOStreams and their buffer-backed double")
struct IOStreamsTests {
    @Test func buffersKeepWhatWasWrittenAndSayWhetherTheyAreTerminals() throws {
        let output = OutputBuffer(isTerminal: true, columns: 80)
        let error = OutputBuffer()
        let streams = IOStreams.buffered(output: output, error: error)
        try streams.output.write("제목\n")
        streams.error.note("report: a note\n")
        #expect(output.text == "제목\n")
        #expect(error.text == "report: a note\n")
        #expect(streams.output.isTerminal && streams.output.columns == 80)
        #expect(!streams.error.isTerminal && streams.error.columns == nil)
        #expect(streams.firstFailure == nil)
    }

    @Test func aFailedWriteThrowsAndIsTheStreamsFirstFailure() {
        let streams = IOStreams.buffered(output: OutputBuffer(failure: ENOSPC), error: OutputBuffer(failure: EPIPE))
        streams.error.note("lost\n")
        #expect(throws: OutputError(streamName: "standard output", code: ENOSPC)) { try streams.output.write("document\n") }
        // The first failure is kept: the note came first.
        #expect(streams.firstFailure == OutputError(streamName: "standard error", code: EPIPE))
        #expect(streams.firstFailure?.isBrokenPipe == true)
        #expect(OutputError(streamName: "standard output", code: ENOSPC).description
            == "could not write to standard output: No space left on device")
    }

    @Test func failuresBelongToTheirStreams() throws {
        let failing = IOStreams.buffered(output: OutputBuffer(failure: EIO), error: OutputBuffer())
        let working = IOStreams.buffered(output: OutputBuffer(), error: OutputBuffer())
        try? failing.output.write("x")
        try working.output.write("y")
        #expect(failing.firstFailure != nil)
        #expect(working.firstFailure == nil)
    }

    @Test func standardInputOfTheDoubleIsAPipeThatEnds() async throws {
        let big = [UInt8](repeating: UInt8(ascii: "a"), count: 200_000) // more than a pipe holds
        let streams = IOStreams.buffered(input: big, output: OutputBuffer(), error: OutputBuffer())
        #expect(!streams.input.isTerminal)
        let read = try #require(await streams.input.readAll(limit: 1 << 20))
        #expect(try read.get() == big)
    }

    @Test func readingMoreThanTheLimitFails() async throws {
        let streams = IOStreams.buffered(input: Array("0123456789".utf8), output: OutputBuffer(), error: OutputBuffer())
        let read = try #require(await streams.input.readAll(limit: 4))
        #expect(throws: Descriptor.ReadFailure.tooLarge) { try read.get() }
    }

    @Test func theProcessStreamsWriteToTheirDescriptors() throws {
        // Descriptor 1 of the test process may be anything; a write of nothing always works.
        try IOStreams.standard.output.write(bytes: [])
        #expect(IOStreams.standard.output.name == "standard output")
        #expect(IOStreams.standard.error.name == "standard error")
    }
}
