#if canImport(Glibc)
import Glibc
#endif
import Terminal
import Testing

@Suite("Atomic files")
struct AtomicFileTests {
    @Test func replacesTheFileWithExactlyTheModeAndLeavesNoTemporaryFile() throws {
        let directory = TemporaryDirectory()
        directory.write("old", to: "report.xml", mode: 0o666)
        let previous = umask(0o077)
        defer { umask(previous) }
        try AtomicFile.write(Array("새 내용".utf8), to: directory.file("report.xml"), mode: 0o644, exactMode: true)
        #expect(directory.read("report.xml") == "새 내용")
        #expect(directory.mode("report.xml") == 0o644)
        #expect(directory.names == ["report.xml"])
    }

    /// A report written with -o or --junit is personal data: a user's umask 077 keeps it theirs.
    @Test func withoutExactModeTheUmaskApplies() throws {
        let directory = TemporaryDirectory()
        let previous = umask(0o077)
        defer { umask(previous) }
        try AtomicFile.write(Array("x".utf8), to: directory.file("report.json"))
        #expect(directory.mode("report.json") == 0o600)
    }

    /// `-o /dev/null` and `-o fifo` write to what is there, as `curl -o` and a shell's `>` do:
    /// renaming over it replaced the device with a file (as root, /dev/null itself).
    @Test func aFIFOOrDeviceIsWrittenToNotReplaced() throws {
        let directory = TemporaryDirectory()
        let fifo = directory.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        // Held open for reading and writing, so that the write below does not wait for a reader.
        let held = open(fifo, O_RDWR | O_NONBLOCK)
        defer { close(held) }
        #expect(AtomicFile.checkWritable(fifo) == nil)
        try AtomicFile.write(Array("document\n".utf8), to: fifo)
        var info = stat()
        #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still a FIFO, not a file")
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(held, &buffer, buffer.count)
        #expect(count == 9 && String(decoding: buffer.prefix(9), as: UTF8.self) == "document\n")
        #expect(directory.names == ["pipe"], "no temporary file")

        try AtomicFile.write(Array("nothing".utf8), to: "/dev/null")
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "/dev/null is still the device")
    }

    @Test func aMissingDirectoryIsACreateErrorNamingIt() {
        let directory = TemporaryDirectory()
        let path = directory.file("missing/report.xml")
        #expect(throws: AtomicFile.WriteError(stage: .create, path: directory.file("missing"), reason: "No such file or directory")) {
            try AtomicFile.write(Array("x".utf8), to: path)
        }
    }

    @Test func aDirectoryInTheWayIsAReplaceErrorAndTheTemporaryFileIsGone() throws {
        let directory = TemporaryDirectory()
        mkdir(directory.file("report.xml"), 0o755)
        mkdir(directory.file("report.xml/inside"), 0o755)
        do {
            try AtomicFile.write(Array("x".utf8), to: directory.file("report.xml"))
            Issue.record("the write should have failed")
        } catch {
            #expect(error.stage == .replace)
            #expect(error.description.hasPrefix("cannot replace \(directory.file("report.xml")): "))
        }
        #expect(directory.names == ["report.xml"])
    }

    @Test func aSymbolicLinkIsReplacedNotFollowed() throws {
        let directory = TemporaryDirectory()
        directory.write("target", to: "elsewhere")
        symlink(directory.file("elsewhere"), directory.file("link"))
        try AtomicFile.write(Array("new".utf8), to: directory.file("link"))
        #expect(directory.read("elsewhere") == "target")
        #expect(directory.read("link") == "new")
    }

    @Test func checkWritableSaysWhyBeforeAnythingIsWritten() {
        let directory = TemporaryDirectory()
        #expect(AtomicFile.checkWritable(directory.file("report.xml")) == nil)
        #expect(AtomicFile.checkWritable(directory.file("missing/report.xml")) == "\(directory.file("missing")): No such file or directory")
        #expect(AtomicFile.checkWritable(directory.path) == "\(directory.path) is a directory")
        #expect(directory.names == [])
    }
}
