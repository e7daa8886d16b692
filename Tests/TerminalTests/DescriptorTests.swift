#if canImport(Glibc)
import Glibc
#endif
import Terminal
import Testing

@Suite("Reading and writing descriptors whole")
struct DescriptorTests {
    @Test func writesEverythingAndReadsItBack() throws {
        let directory = TemporaryDirectory()
        let descriptor = open(directory.file("data"), O_RDWR | O_CREAT, 0o600)
        defer { close(descriptor) }
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0) }
        #expect(Descriptor.writeAll(descriptor, bytes) == nil)
        lseek(descriptor, 0, SEEK_SET)
        #expect(try Descriptor.readAll(descriptor, limit: 1 << 20).get() == bytes)
    }

    @Test func aWriteToAReadOnlyDescriptorReportsItsErrno() {
        let descriptor = open("/dev/null", O_RDONLY)
        defer { close(descriptor) }
        #expect(Descriptor.writeAll(descriptor, Array("x".utf8)) == EBADF)
    }

    @Test func readingADirectoryGivesTheSystemsReason() {
        let descriptor = open("/tmp", O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        #expect(throws: Descriptor.ReadFailure.system(EISDIR)) { try Descriptor.readAll(descriptor, limit: 10).get() }
    }

    @Test func aChunkIsAtMostItsSizeAndEmptyAtTheEnd() throws {
        let directory = TemporaryDirectory()
        directory.write("abcdef", to: "f")
        let descriptor = open(directory.file("f"), O_RDONLY)
        defer { close(descriptor) }
        #expect(try Descriptor.readChunk(descriptor, maxBytes: 4).get() == Array("abcd".utf8))
        #expect(try Descriptor.readChunk(descriptor, maxBytes: 4).get() == Array("ef".utf8))
        #expect(try Descriptor.readChunk(descriptor, maxBytes: 4).get() == [])
    }
}
