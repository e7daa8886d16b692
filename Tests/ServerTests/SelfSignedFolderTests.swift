import Foundation
@testable import ReportServer
import Testing
import TestSupport

/// `--tls-self-signed DIR`: whoever can write into DIR can put a CA of their own in `ca.pem`, which
/// `report --cacert DIR/ca.pem` then trusts, and the private key must never be readable by others.
/// The tests run as root; "another user" is uid 65534 (nobody).
@Suite struct SelfSignedFolderTests {
    static let nobody: uid_t = 65534

    /// A fresh folder under the temporary directory, removed afterwards.
    static func withFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("report-self-signed-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }

    static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    static func mode(_ url: URL) -> mode_t? {
        var status = stat()
        return stat(url.path, &status) == 0 ? status.st_mode & 0o7777 : nil
    }

    func problem(making folder: URL) -> String? {
        do {
            _ = try SelfSignedCertificates.make(in: folder, host: "127.0.0.1")
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aFolderOfAnotherUserIsRefusedAndNothingIsWritten() async throws {
        try await Self.withFolder { folder in
            #expect(chown(folder.path, Self.nobody, Self.nobody) == 0)
            #expect(problem(making: folder)
                == "--tls-self-signed \(folder.path): belongs to another user (uid 65534); give a folder of your own")
            #expect(Self.names(in: folder) == [])
        }
    }

    @Test(arguments: [0o777, 0o775, 0o757, 0o1777])
    func aFolderOthersMayWriteIntoIsRefusedAndNothingIsWritten(mode: Int) async throws {
        try await Self.withFolder { folder in
            #expect(chmod(folder.path, mode_t(mode)) == 0)
            let octal = String(repeating: "0", count: 4 - String(mode, radix: 8).count) + String(mode, radix: 8)
            #expect(problem(making: folder) == "--tls-self-signed \(folder.path): has mode \(octal); the folder of the CA that "
                + "clients trust must not be writable by other users: run `chmod go-w '\(folder.path)'`")
            #expect(Self.names(in: folder) == [])
        }
    }

    @Test(arguments: ["ca.pem", "server.pem", "server.key"])
    func aFileOfAnotherUserInTheFolderIsRefused(name: String) async throws {
        try await Self.withFolder { folder in
            let file = folder.appendingPathComponent(name)
            try Data("theirs\n".utf8).write(to: file)
            #expect(chown(file.path, Self.nobody, Self.nobody) == 0)
            #expect(problem(making: folder)
                == "--tls-self-signed \(file.path): belongs to another user (uid 65534); remove it or give a folder of your own")
            #expect(try String(contentsOf: file, encoding: .utf8) == "theirs\n", "left as it was")
            #expect(Self.names(in: folder) == [name])
        }
    }

    /// Whoever may rename DIR in its parent can move it aside and put a folder with their `ca.pem`
    /// in its place: every folder above DIR is checked too, as OpenSSH's StrictModes does.
    @Test func aFolderAboveItOfAnotherUserIsRefusedAndNothingIsWritten() async throws {
        try await Self.withFolder { parent in
            let folder = parent.appendingPathComponent("tls")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            #expect(chown(parent.path, Self.nobody, Self.nobody) == 0)
            #expect(problem(making: folder) == "--tls-self-signed \(folder.path): \(parent.path), a folder above it, belongs to "
                + "another user (uid 65534), who could swap it for a folder with a CA of theirs; give a folder under one of your own")
            #expect(Self.names(in: folder) == [])
        }
    }

    @Test(arguments: [0o777, 0o775, 0o757])
    func aFolderAboveItOthersMayWriteIntoIsRefused(mode: Int) async throws {
        try await Self.withFolder { parent in
            let folder = parent.appendingPathComponent("a/tls")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            #expect(chmod(parent.path, mode_t(mode)) == 0)
            #expect(problem(making: folder) == "--tls-self-signed \(folder.path): \(parent.path), a folder above it, has mode "
                + "0\(String(mode, radix: 8)): other users could swap it for a folder with a CA of theirs; "
                + "run `chmod go-w '\(parent.path)'` or give another folder")
            #expect(Self.names(in: folder) == [])
        }
    }

    /// In a sticky folder (`/tmp`) only an entry's owner may rename it: DIR, the user's, stays put.
    @Test func aStickyFolderAboveItIsAccepted() async throws {
        try await Self.withFolder { parent in
            #expect(chmod(parent.path, 0o1777) == 0)
            #expect(problem(making: parent.appendingPathComponent("tls")) == nil)
        }
    }

    @Test func aLinkOfAnotherUserOnTheWayIsRefused() async throws {
        try await Self.withFolder { parent in
            let real = parent.appendingPathComponent("real")
            try FileManager.default.createDirectory(at: real, withIntermediateDirectories: false)
            let link = parent.appendingPathComponent("link")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
            #expect(lchown(link.path, Self.nobody, Self.nobody) == 0)
            let folder = link.appendingPathComponent("tls")
            #expect(problem(making: folder) == "--tls-self-signed \(folder.path): \(link.path) on the way is a link of another "
                + "user (uid 65534), who could point it elsewhere; give a path of your own")
        }
    }

    @Test func aFolderOfOurOwnIsUsedAgainAndItsFilesReplaced() async throws {
        try await Self.withFolder { folder in
            #expect(chmod(folder.path, 0o700) == 0)
            let first = try SelfSignedCertificates.make(in: folder, host: "127.0.0.1")
            let firstCA = try String(contentsOf: first.ca, encoding: .utf8)
            let second = try SelfSignedCertificates.make(in: folder, host: "127.0.0.1")
            #expect(try String(contentsOf: second.ca, encoding: .utf8) != firstCA, "a new CA at every start")
            #expect(Self.names(in: folder) == ["ca.pem", "server.key", "server.pem"])
            #expect(Self.mode(second.privateKey) == 0o600)
        }
    }
}

/// The real binary: a folder it must not use is one line and exit 78, and the key's bytes only
/// ever reach a file of mode 0600, even with umask 0.
@Suite(.enabled(if: ServerProcess.executable != nil, "report-server is not built"))
struct SelfSignedFolderBinaryTests {
    static let strace: URL? = ["/usr/bin/strace", "/bin/strace"].map { URL(fileURLWithPath: $0) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    @Test(arguments: ["another user's", "0777"])
    func aFolderItMustNotUseIsOneLineAndExit78(folderKind: String) async throws {
        try await SelfSignedFolderTests.withFolder { folder in
            if folderKind == "0777" {
                #expect(chmod(folder.path, 0o777) == 0)
            } else {
                #expect(chown(folder.path, SelfSignedFolderTests.nobody, SelfSignedFolderTests.nobody) == 0)
            }
            let server = try ServerProcess(arguments: ["--port", "0", "--data", Paths.demoData.path,
                                                       "--tls-self-signed", folder.path])
            let line = await server.firstLine()
            #expect(line == nil, "it served instead")
            #expect(await (line == nil ? server.exitStatus() : server.stop()) == 78)
            let lines = server.errorOutput().split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 2 && lines[1].isEmpty, "one line: \(lines)")
            #expect(lines.first?.hasPrefix("report-server: --tls-self-signed \(folder.path): ") == true, "\(lines)")
            #expect(SelfSignedFolderTests.names(in: folder) == [], "nothing written")
        }
    }

    /// strace records the mode every file is created and changed with: each file the key's bytes
    /// pass through on their way to `server.key` (followed back through the renames) must never
    /// have had a bit for group or others. umask 0 hides nothing that the code leaves to it.
    @Test(.enabled(if: strace != nil, "strace is not installed"))
    func theKeyIsNeverReadableByOthersEvenWithUmask0() async throws {
        let strace = try #require(Self.strace)
        let server = try #require(ServerProcess.executable)
        try await SelfSignedFolderTests.withFolder { parent in
            let folder = parent.appendingPathComponent("tls")
            let log = parent.appendingPathComponent("strace.log")
            // A data directory that does not exist: the server writes the certificates, then stops (78).
            let run = try ServerProcess(executable: strace, arguments: [
                "-f", "-y", "-qq", "-o", log.path, "-e", "trace=%file,fchmod",
                "/bin/sh", "-c", #"umask 0; exec "$0" "$@""#, server.path,
                "--port", "0", "--data", parent.appendingPathComponent("no-data").path, "--tls-self-signed", folder.path,
            ])
            #expect(await run.firstLine() == nil)
            #expect(await run.exitStatus() == 78, "\(run.errorOutput())")
            let key = folder.appendingPathComponent("server.key")
            #expect(SelfSignedFolderTests.mode(key) == 0o600)
            #expect(SelfSignedFolderTests.mode(folder.appendingPathComponent("ca.pem")) == 0o644)
            #expect(SelfSignedFolderTests.mode(folder) == 0o755, "a folder it makes is not left to the umask")

            let trace = SyscallTrace(try String(contentsOf: log, encoding: .utf8))
            let names = trace.namesLeadingTo(key.path)
            let modes = trace.modes(of: names)
            #expect(modes.contains { $0.creates }, "the key's creation is in the trace: \(names)")
            for change in modes {
                #expect(change.mode & 0o077 == 0, "\(change.line)")
            }
        }
    }
}

/// The lines of `strace -f -y`: file names, renames and the modes files were created or changed with.
struct SyscallTrace {
    struct Call {
        var name: String
        /// The paths it names: quoted arguments (made absolute by the directory descriptor before
        /// them) and the paths `-y` shows for descriptors.
        var paths: [String]
        var line: String
    }

    struct ModeChange {
        var mode: Int
        var creates: Bool
        var line: String
    }

    let calls: [Call]

    init(_ text: String) {
        let call = #/^\d+ +([a-z0-9_]+)\(/#
        let argument = #/(?:<(/[^>]*)>, )?"([^"]*)"/#
        let descriptor = #/<(/[^>]*)>/#
        calls = text.split(separator: "\n").compactMap { line in
            guard let name = try? call.firstMatch(in: line)?.output.1 else { return nil }
            var paths: [String] = []
            for match in line.matches(of: argument) {
                let path = String(match.output.2)
                if path.hasPrefix("/") { paths.append(path) } else if let directory = match.output.1 { paths.append("\(directory)/\(path)") }
            }
            paths += line.matches(of: descriptor).map { String($0.output.1) }
            return Call(name: String(name), paths: paths, line: String(line))
        }
    }

    /// `path` and every name a rename moved to it, directly or through others.
    func namesLeadingTo(_ path: String) -> Set<String> {
        var names: Set<String> = [path]
        for call in calls.reversed() where call.name.hasPrefix("rename") && call.paths.count >= 2 {
            let quoted = call.paths.prefix(2)
            if names.contains(quoted[quoted.startIndex + 1]) { names.insert(quoted[quoted.startIndex]) }
        }
        return names
    }

    /// The modes that files named `names` were created with (open with O_CREAT, creat) or changed to.
    func modes(of names: Set<String>) -> [ModeChange] {
        let mode = #/, (0[0-7]{3,4})\b/#
        return calls.compactMap { call in
            guard call.paths.contains(where: names.contains) else { return nil }
            let creates = call.name == "creat" || (call.name.hasPrefix("open") && call.line.contains("O_CREAT"))
            guard creates || call.name.contains("chmod"),
                  let found = try? mode.firstMatch(in: call.line), let value = Int(found.output.1, radix: 8) else { return nil }
            return ModeChange(mode: value, creates: creates, line: call.line)
        }
    }
}
