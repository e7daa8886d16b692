import Foundation
import Testing
import TestSupport

/// `-o FILE` and `config set` write a user's file as `>` and `curl -o` do: the whole document or
/// the file left as it was, through links, keeping the file's mode and identity.
@Suite("-o and config set: whole or untouched, the file kept as it is")
struct OutputFileTrustTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-o-trust-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    private func demo(_ extra: [String: String] = [:]) -> [String: String] {
        ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42"].merging(extra) { $1 }
    }

    private func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    /// A batch that fetched nothing emptied the file (README: "writes nothing").
    static let nothingFetched: [([String], Int32)] = [
        (["fetch", "9999", "9998"], 66), (["fetch", "9999", "9998", "--jsonl"], 66),
        (["fetch", "9999", "9998", "--format", "html"], 66), (["fetch", "9999", "9998", "--format", "markdown"], 66),
        (["fetch", "1008", "1008", "--format", "html"], 65), (["fetch", "--terms-from", "/dev/null", "--format", "html"], 0),
    ]

    @Test(arguments: nothingFetched)
    func aBatchThatFetchedNothingLeavesTheFileAsItWas(arguments: [String], status: Int32) async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("out").path
        try Data("PREVIOUS\n".utf8).write(to: URL(fileURLWithPath: file))
        let result = await reportInProcess(arguments + ["-o", file], environment: demo())
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(FileManager.default.contents(atPath: file) == Data("PREVIOUS\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out"])
    }

    /// A 0600 file stays 0600 (it became 0644), a link is written through, a hard link shares it.
    @Test func anExistingFileKeepsItsModeLinksAndIdentity() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("private.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o600)
        let written = await reportInProcess(["fetch", "1001", "--json", "-o", file], environment: demo())
        #expect(written.status == 0, "\(written.stderr)")
        #expect(mode(file) == 0o600)
        let document = try #require(FileManager.default.contents(atPath: file))
        #expect(document.count > 100)

        let link = directory.appendingPathComponent("link.json").path
        #expect(symlink("private.json", link) == 0)
        let hard = directory.appendingPathComponent("hard.json").path
        #expect(Foundation.link(file, hard) == 0)
        try Data("old".utf8).write(to: URL(fileURLWithPath: file), options: [])
        #expect(await reportInProcess(["fetch", "1001", "--json", "-o", link], environment: demo()).status == 0)
        var status = stat()
        #expect(lstat(link, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
        #expect(FileManager.default.contents(atPath: file) == document, "its target got the document")
        #expect(FileManager.default.contents(atPath: hard) == document, "and so did the other hard link")
        #expect(mode(file) == 0o600)
    }

    /// `config set` on a dotfiles link writes the dotfile and keeps the link.
    @Test func configSetWritesThroughADotfilesLink() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let home = directory.appendingPathComponent("config")
        let folder = home.appendingPathComponent("report")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let dotfile = directory.appendingPathComponent("dotfiles-report.toml").path
        try Data("[profiles.default]\nbase_url = \"http://127.0.0.1:1\"\n".utf8).write(to: URL(fileURLWithPath: dotfile))
        chmod(dotfile, 0o640)
        let config = folder.appendingPathComponent("config.toml").path
        #expect(symlink(dotfile, config) == 0)
        let result = await reportInProcess(["config", "set", "base_url", "http://127.0.0.1:2"], environment: ["XDG_CONFIG_HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        var status = stat()
        #expect(lstat(config, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "still the dotfiles link")
        let text = try String(contentsOfFile: dotfile, encoding: .utf8)
        #expect(text.contains("http://127.0.0.1:2"), "\(text)")
        #expect(mode(dotfile) == 0o640)
    }

    /// In a folder others can write to (1777, as /tmp), another user (uid 65534 here) put under
    /// the names a 0666 file with a second link of theirs and a 0666 FIFO with their reader
    /// waiting: `-o` wrote the report into both and exited 0. Now each is refused before any
    /// request (73, one line), as the kernel's protected_regular and protected_fifos refuse `>`;
    /// `--junit` too. A new or own file there is still written, and a private folder writes into
    /// hard links and FIFOs as before (`anExistingFileKeepsItsModeLinksAndIdentity`).
    @Test func aSharedFolderRefusesAnotherUsersFIFOAndHardLinkedFile() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let shared = directory.appendingPathComponent("shared").path
        #expect(mkdir(shared, 0o777) == 0 && chmod(shared, 0o1777) == 0)
        let markdown = shared + "/out.md", json = shared + "/out.json"
        #expect(FileManager.default.createFile(atPath: markdown, contents: Data()))
        #expect(chmod(markdown, 0o666) == 0 && Foundation.link(markdown, shared + "/.mine") == 0)
        #expect(chown(markdown, 65534, 65534) == 0)
        #expect(mkfifo(json, 0o666) == 0 && chown(json, 65534, 65534) == 0)
        // The other user's `cat out.json > stolen &`: a reader, so that a writer's open does not block.
        let reader = open(json, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }

        for (arguments, file) in [(["fetch", "1001", "--format", "markdown", "-o", markdown], markdown),
                                  (["fetch", "1001", "--json", "-o", json], json)] {
            let result = await reportInProcess(arguments, environment: demo())
            #expect(result.status == 73, "\(arguments): \(result.stderr)")
            #expect(result.stdout == "")
            #expect(result.stderrLines.count == 1, "\(result.stderr)")
            // "cannot write -o", not "could not write -o": refused before the command ran.
            #expect(result.stderr.contains("cannot write -o \(file): another user's file in a folder others can write, not written"),
                    "\(result.stderr)")
        }
        #expect(FileManager.default.contents(atPath: shared + "/.mine") == Data(), "the other user's link got nothing")
        var stolen = [UInt8](repeating: 0, count: 64)
        #expect(read(reader, &stolen, stolen.count) <= 0, "the other user's FIFO got nothing")

        let junit = await reportInProcess(["check", "--junit", markdown], environment: demo())
        #expect(junit.status == 73, "\(junit.stderr)")
        #expect(junit.stderrLines.count == 1, "\(junit.stderr)")
        #expect(junit.stderr.contains("another user's file in a folder others can write, not written"), "\(junit.stderr)")

        // A FIFO, or a file with another link, is refused there even when it is one's own.
        let fifo = shared + "/own.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let ownReader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(ownReader) }
        let own = await reportInProcess(["fetch", "1001", "-o", fifo], environment: demo())
        #expect(own.status == 73)
        #expect(own.stderr == "report: cannot write -o \(fifo): not a regular file, in a folder others can write; not written; "
                + "give -o a path in a folder only you can write to\n")
        let korean = await reportInProcess(["fetch", "1001", "-o", fifo, "--lang", "ko"], environment: demo())
        #expect(korean.status == 73)
        #expect(korean.stderr == "report: -o 파일을 쓸 수 없습니다: \(fifo): 일반 파일이 아닙니다. 다른 사용자도 쓸 수 있는 폴더라 쓰지 않았습니다. "
                + "-o 옵션에는 나만 쓸 수 있는 폴더 안의 경로를 지정하세요.\n")

        // A file of one's own there, new or not, is written as before.
        let mine = shared + "/mine.json"
        for _ in 0..<2 {
            let result = await reportInProcess(["fetch", "1001", "--json", "-o", mine], environment: demo())
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect((FileManager.default.contents(atPath: mine)?.count ?? 0) > 100)
    }

    /// `-o ''` passed the check, ran every request, then failed 73.
    @Test func anEmptyOutputPathIsRefusedBeforeAnyRequest() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = await reportInProcess(["fetch", "1001", "-o", ""], environment: demo(["REPORT_BASE_URL": "http://127.0.0.1:9"]))
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("report: cannot write -o '': an empty path names no file"), "\(result.stderr)")
        #expect(result.stderrLines.count == 1)
    }
}
