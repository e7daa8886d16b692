#if canImport(Glibc)
import Glibc
#endif
import Terminal
import Testing

@Suite("Atomic files", .serialized)  // the umask is the process's: its tests take turns
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
        #expect(throws: AtomicFile.WriteError(stage: .create, path: directory.file("missing"), code: ENOENT)) {
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

    /// A file of our own (`exactMode`: credentials, cache entries) replaces a link put in its
    /// place; it never writes where the link points.
    @Test func withExactModeASymbolicLinkIsReplacedNotFollowed() throws {
        let directory = TemporaryDirectory()
        directory.write("target", to: "elsewhere")
        symlink(directory.file("elsewhere"), directory.file("link"))
        try AtomicFile.write(Array("new".utf8), to: directory.file("link"), mode: 0o600, exactMode: true)
        #expect(directory.read("elsewhere") == "target")
        #expect(directory.read("link") == "new")
        var info = stat()
        #expect(lstat(directory.file("link"), &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    }

    /// `-o link` and `config set` on a dotfiles link write the link's target, as `>` does; the
    /// link stays a link (relative links are read from their folder, chains followed).
    @Test func aUsersSymbolicLinkIsWrittenThrough() throws {
        let directory = TemporaryDirectory()
        mkdir(directory.file("dotfiles"), 0o755)
        directory.write("old", to: "dotfiles/config.toml")
        chmod(directory.file("dotfiles/config.toml"), 0o640)  // whatever another test's umask is now
        symlink("dotfiles/config.toml", directory.file("middle"))
        symlink(directory.file("middle"), directory.file("link"))
        try AtomicFile.write(Array("new".utf8), to: directory.file("link"))
        #expect(directory.read("dotfiles/config.toml") == "new")
        #expect(directory.mode("dotfiles/config.toml") == 0o640, "the target keeps its mode")
        var info = stat()
        #expect(lstat(directory.file("link"), &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "still a link")
        #expect(lstat(directory.file("middle"), &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "still a link")
        #expect(directory.names == ["dotfiles", "link", "middle"])

        // A dangling link's target is created, as `>` creates it.
        symlink("dotfiles/new.json", directory.file("dangling"))
        try AtomicFile.write(Array("made".utf8), to: directory.file("dangling"))
        #expect(directory.read("dotfiles/new.json") == "made")
    }

    /// In a sticky folder others can write to (`/tmp`), another user's link is not followed, as
    /// the kernel's protected_symlinks refuses it to `>`: `-o /tmp/x` never writes a file of this
    /// user's through a link someone else planted. A link of this user's own still is.
    @Test func anotherUsersLinkInASharedFolderIsNotFollowed() throws {
        let directory = TemporaryDirectory()
        mkdir(directory.file("shared"), 0o777)
        chmod(directory.file("shared"), 0o1777)
        directory.write("mine", to: "victim.txt", mode: 0o600)
        symlink(directory.file("victim.txt"), directory.file("shared/x"))
        #expect(lchown(directory.file("shared/x"), 65534, 65534) == 0)
        #expect(AtomicFile.checkWritable(directory.file("shared/x")) == .otherUsersLink(directory.file("shared/x")))
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Array("evil".utf8), to: directory.file("shared/x")) }
        #expect(directory.read("victim.txt") == "mine")

        symlink(directory.file("victim.txt"), directory.file("shared/mine"))
        try AtomicFile.write(Array("new".utf8), to: directory.file("shared/mine"))
        #expect(directory.read("victim.txt") == "new")
    }

    /// In a folder others can write to, `write` itself — not only the check before it, which a
    /// FIFO planted in between would pass — refuses what is under the name when it is not a
    /// regular file of this user's with one link, and never opens it; a file of one's own is
    /// replaced as anywhere.
    @Test func aSharedFolderIsNeverWrittenInto() throws {
        let directory = TemporaryDirectory()
        mkdir(directory.file("shared"), 0o777)
        chmod(directory.file("shared"), 0o1777)
        #expect(mkfifo(directory.file("shared/out.json"), 0o666) == 0)
        #expect(chown(directory.file("shared/out.json"), 65534, 65534) == 0)
        let reader = open(directory.file("shared/out.json"), O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Array("report".utf8), to: directory.file("shared/out.json")) }
        var stolen = [UInt8](repeating: 0, count: 16)
        #expect(read(reader, &stolen, stolen.count) <= 0)

        directory.write("mine", to: "shared/linked.txt", mode: 0o600)
        #expect(link(directory.file("shared/linked.txt"), directory.file("shared/other.txt")) == 0)
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Array("report".utf8), to: directory.file("shared/linked.txt")) }
        #expect(directory.read("shared/other.txt") == "mine")

        directory.write("old", to: "shared/own.txt", mode: 0o600)
        try AtomicFile.write(Array("new".utf8), to: directory.file("shared/own.txt"))
        #expect(directory.read("shared/own.txt") == "new")
        #expect(directory.mode("shared/own.txt") == 0o600)
    }

    /// An existing file keeps its mode, not the default less the umask: a 0600 report stays
    /// private, a 0664 one stays shared.
    @Test(arguments: [0o600, 0o664, 0o400])
    func anExistingFileKeepsItsMode(mode: Int) throws {
        let directory = TemporaryDirectory()
        directory.write("old", to: "out.json")
        chmod(directory.file("out.json"), mode_t(mode))
        // No umask of its own: the umask is the process's, and other tests here set theirs.
        try AtomicFile.write(Array("new".utf8), to: directory.file("out.json"))
        #expect(directory.read("out.json") == "new")
        #expect(directory.mode("out.json") == mode_t(mode))
        #expect(directory.names == ["out.json"])
    }

    /// A file with another hard link is written into: both names see the new document.
    @Test func aHardLinkedFileIsWrittenIntoAndBothNamesSeeIt() throws {
        let directory = TemporaryDirectory()
        directory.write("the previous, longer contents\n", to: "out.json", mode: 0o600)
        #expect(link(directory.file("out.json"), directory.file("backup.json")) == 0)
        var before = stat()
        #expect(stat(directory.file("out.json"), &before) == 0)
        try AtomicFile.write(Array("new\n".utf8), to: directory.file("out.json"))
        #expect(directory.read("out.json") == "new\n")
        #expect(directory.read("backup.json") == "new\n", "the other name is the same file")
        var after = stat()
        #expect(stat(directory.file("out.json"), &after) == 0 && after.st_ino == before.st_ino)
        #expect(directory.mode("out.json") == 0o600)
        #expect(Set(directory.names) == ["out.json", "backup.json"])
    }

    @Test func checkWritableSaysWhyBeforeAnythingIsWritten() {
        let directory = TemporaryDirectory()
        #expect(AtomicFile.checkWritable(directory.file("report.xml")) == nil)
        #expect(AtomicFile.checkWritable(directory.file("missing/report.xml")) == .system(directory.file("missing"), ENOENT))
        #expect(AtomicFile.checkWritable(directory.path) == .directory(directory.path))
        #expect(AtomicFile.checkWritable("") == .emptyPath, "-o '' fails before any request")
        #expect(AtomicFile.checkWritable(directory.file("new/")) == .namesDirectory(directory.file("new/")))
        #expect(directory.names == [])
    }
}
