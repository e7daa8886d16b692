import Foundation
import Hummingbird
import HummingbirdTesting
@testable import ReportServer
import TestSupport
import Testing

/// report-server as a partner's CI meets it: installed without the repository, `--version`, errors
/// in report's style, its help, and `--ready-file` to wait for it without a race.
@Suite(.enabled(if: ServerProcess.executable != nil, "report-server is not built"))
struct ServerCommandLineTests {
    /// A fresh folder outside the repository, removed after `body`.
    static func withFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("report-server-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }

    /// Runs report-server with `arguments` to its end: status, stdout, stderr.
    static func run(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        let server = try ServerProcess(arguments: arguments)
        let status = await server.exitStatus()
        let stdout = String(decoding: server.standardOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (status, stdout, server.errorOutput())
    }

    /// Waits for `file` to hold a line; nil when the server ended or 30 s passed first.
    static func waitForLine(in file: URL, server: ServerProcess) async -> String? {
        for _ in 0..<600 {
            if let text = try? String(contentsOf: file, encoding: .utf8), text.hasSuffix("\n") {
                return String(text.dropLast())
            }
            guard server.process.isRunning else { return nil }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    @Test func findsTheInstalledDemoDataBesideTheBinaryOutsideTheRepository() async throws {
        try await Self.withFolder { folder in
            // PREFIX/bin/report-server (a hard link: /proc/self/exe names the link's path) and
            // PREFIX/share/report/demo, run from a folder that has no ServerData/demo above it.
            let bin = folder.appendingPathComponent("prefix/bin", isDirectory: true)
            let share = folder.appendingPathComponent("prefix/share/report", isDirectory: true)
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
            let binary = bin.appendingPathComponent("report-server")
            do {
                try FileManager.default.linkItem(at: Paths.reportServer, to: binary)
            } catch {
                try FileManager.default.copyItem(at: Paths.reportServer, to: binary)
            }
            try FileManager.default.copyItem(at: Paths.demoData, to: share.appendingPathComponent("demo"))
            let elsewhere = folder.appendingPathComponent("elsewhere", isDirectory: true)
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)

            let server = try ServerProcess(executable: binary, arguments: ["--port", "0"], directory: elsewhere)
            let port = try #require(ServerBinaryTests.port(of: await server.firstLine()), "stderr: \(server.errorOutput())")
            let response = try await TestClient.withServerProcess(port: port) { client in
                try await client.get("/v1/interviews/1001", headers: [.authorization: "Bearer demo-access-42"])
            }
            #expect(response.status == .ok)
            #expect(await server.stop() == 0)

            // Without it, one line that says where it looked.
            try FileManager.default.removeItem(at: share.appendingPathComponent("demo"))
            let lost = try ServerProcess(executable: binary, arguments: ["--port", "0"], directory: elsewhere)
            #expect(await lost.exitStatus() == 78)
            let message = lost.errorOutput()
            #expect(message.hasPrefix("report-server: cannot find the demo data in \(share.path)/demo, nor ServerData/demo above "))
            #expect(message.hasSuffix("; pass --data DIR\n") && message.filter { $0 == "\n" }.count == 1, "\(message)")
        }
    }

    @Test func versionNamesTheProgramAndItsBuildAsReportDoes() async throws {
        let result = try await Self.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.wholeMatch(of: /report-server \d+\.\d+\.\d+ \(development build\)\n/) != nil, "\(result.stdout)")
        let report = try await TestSupport.run(Paths.report, ["--version"])
        let words = result.stdout.split(separator: " ")
        let number = try #require(words.count > 1 ? words[1] : nil)
        #expect(report.stdout.hasPrefix("report \(number) "), "the same version as report: \(report.stdout)")
    }

    @Test(arguments: [
        (["--bogus"], "report-server: unknown option '--bogus'; see 'report-server --help'\n"),
        (["--verbos"], "report-server: unknown option '--verbos'; did you mean '--verbose'? (see 'report-server --help')\n"),
        (["--port", "70000"], "report-server: --port must be within 0...65535; see 'report-server --help'\n"),
        (["--tls-cert", "a.pem"], "report-server: --tls-cert and --tls-key go together; see 'report-server --help'\n"),
        (["--token-ttl", "2y"],
         "report-server: the value '2y' is invalid for '--token-ttl <duration>'; see 'report-server --help'\n"),
        (["--header-timeout", "0"],
         "report-server: the value '0' is invalid for '--header-timeout <duration>'; see 'report-server --help'\n"),
        (["--idle-timeout", "2h"],
         "report-server: the value '2h' is invalid for '--idle-timeout <duration>'; see 'report-server --help'\n"),
        (["--max-connections", "0"], "report-server: --max-connections must be at least 1; see 'report-server --help'\n"),
    ])
    func aBadFlagIsOneLineInReportsStyleAndExit64(arguments: [String], expected: String) async throws {
        let result = try await Self.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == expected)
    }

    @Test func aPortInUseSaysWhichAndExits69() async throws {
        let first = try ServerProcess(arguments: ["--port", "0"])
        let port = try #require(ServerBinaryTests.port(of: await first.firstLine()))
        let second = try ServerProcess(arguments: ["--port", String(port)])
        let status = await second.exitStatus()
        #expect(await first.stop() == 0)
        #expect(status == 69)
        #expect(second.errorOutput()
            == "report-server: port \(port) is in use on 127.0.0.1; pick another with --port, or --port 0 for a free one\n")
    }

    @Test func helpShowsTheTokenLifetimeAsADurationAndBreaksNoSentence() async throws {
        let help = try await Self.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("(default: 1h)"), "\(help.stdout)")
        #expect(!help.stdout.contains("3600.0"))
        #expect(help.stdout.contains("Exit status: 0 stopped by SIGINT or SIGTERM; 64 a bad flag; 69 cannot listen"))
        // The texts the help (and the man page) is laid out from: a line ends only where a
        // sentence or a paragraph does; the layout is the reader's width's to make.
        let dump = try await Self.run(["--experimental-dump-help"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let command = try #require(object["command"] as? [String: Any])
        var texts = [command["abstract"] as? String, command["discussion"] as? String].compactMap { $0 }
        for argument in command["arguments"] as? [[String: Any]] ?? [] {
            texts += [argument["abstract"] as? String, argument["discussion"] as? String].compactMap { $0 }
        }
        #expect(texts.count > 10)
        for text in texts {
            for match in text.matches(of: /(.)\n(.)/) {
                let (before, after) = (match.output.1, match.output.2)
                #expect(before == "." || before == ":" || before == "\n" || after == "\n",
                        "a line broken mid-sentence: …\(match.output.0)… in \(text)")
            }
        }
    }

    @Test func helpNamesTheTimeoutsAndTheConnectionBound() async throws {
        let help = try await Self.run(["--help"])
        #expect(help.status == 0)
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("--header-timeout <duration>"), "\(help.stdout)")
        #expect(text.contains("A slower client's connection is closed. (default: 10s)"), "\(help.stdout)")
        #expect(text.contains("--idle-timeout <duration>"))
        #expect(text.contains("before it is closed (never while the server answers); at most 1h. (default: 30s)"))
        #expect(text.contains("--max-connections <n> Connections served at once (default: 256"))
        #expect(text.contains("It has no sign-in: only with a loopback --host"))
    }

    /// A value beyond what `ulimit -n` leaves room for would be no bound at all: refused, saying what would do.
    @Test func aConnectionBoundPastTheOpenFileLimitIsRefused() async throws {
        let executable = try #require(ServerProcess.executable)
        let server = try ServerProcess(executable: URL(fileURLWithPath: "/bin/sh"), arguments: [
            "-c", #"ulimit -n 128 && exec "$0" "$@""#, executable.path, "--port", "0", "--max-connections", "100",
        ])
        #expect(await server.exitStatus() == 64)
        #expect(server.errorOutput() == "report-server: --max-connections 100 needs more open files than ulimit -n allows: "
            + "give at most 64, or raise ulimit -n; see 'report-server --help'\n")
    }

    @Test func tokenLifetimeTakesDurationsAsReportsFlagsDo() async throws {
        let server = try ServerProcess(arguments: ["--port", "0", "--token-ttl", "90s"])
        let port = try #require(ServerBinaryTests.port(of: await server.firstLine()))
        let response = try await TestClient.withServerProcess(port: port) { client in
            try await client.post("/v1/auth/token",
                                  body: ByteBuffer(string: #"{"grantType": "refresh_token", "refreshToken": "demo-refresh-42"}"#))
        }
        #expect(await server.stop() == 0)
        let body = try #require(response.body.map { String(buffer: $0) })
        #expect(body.contains(#""expiresIn":90"#), "\(body)")
    }

    @Test func readyFileHoldsTheURLOnceItServesAndGoesWhenItStops() async throws {
        try await Self.withFolder { folder in
            let ready = folder.appendingPathComponent("url.txt")
            // A file an earlier run left must not say "ready" for this one.
            try Data("http://127.0.0.1:1\n".utf8).write(to: ready)
            let server = try ServerProcess(arguments: ["--port", "0", "--ready-file", ready.path])
            var url = await Self.waitForLine(in: ready, server: server)
            let started = ContinuousClock.now
            while url == "http://127.0.0.1:1", ContinuousClock.now - started < .seconds(30) {
                try await Task.sleep(for: .milliseconds(50))
                url = await Self.waitForLine(in: ready, server: server)
            }
            let line = await server.firstLine()
            #expect(url.map { "listening on \($0)" } == line)
            let port = try #require(ServerBinaryTests.port(of: line))
            let response = try await TestClient.withServerProcess(port: port) { client in
                try await client.get("/v1/service/status")
            }
            #expect(response.status == .ok)
            #expect(await server.stop() == 0)
            #expect(!FileManager.default.fileExists(atPath: ready.path), "removed when it stops")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "no temporary file left")
        }
    }

    /// A flag's value (here --data's) reaches the operator's terminal without its escape sequences.
    @Test func anErrorLineIsPrintable() async throws {
        let result = try await Self.run(["--port", "0", "--data", "/nonexistent/\u{1B}]0;T\u{07}\u{1B}[2Jdata"])
        #expect(result.status == 78)
        #expect(result.stderr == "report-server: /nonexistent/]0;T[2Jdata: no such data directory\n")
    }

    @Test func aReadyFileThatCannotBeWrittenIsRefusedBeforeItServes() async throws {
        let result = try await Self.run(["--port", "0", "--ready-file", "/nonexistent/folder/url.txt"])
        #expect(result.status == 73)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "report-server: --ready-file /nonexistent/folder: No such file or directory\n")
    }
}

/// `--admin` serves an endpoint without sign-in that can break every client of the server: it is
/// refused unless the server listens on loopback only (exit 64 and this line, as any bad flag).
@Suite struct AdminBindTests {
    @Test(arguments: ["0.0.0.0", "::", "192.0.2.1", "example.com", "127.0.0.1.", "127.1", "::ffff:127.0.0.1", ""])
    func adminOnAnAddressOthersMayReachIsRefused(host: String) throws {
        do {
            _ = try ReportServerCommand.parseAsRoot(["--host", host, "--admin"])
            Issue.record("--admin was accepted with --host '\(host)'")
        } catch {
            #expect(ReportServerCommand.exitCode(for: error) == .validationFailure)
            #expect(ReportServerCommand.usageLine(ReportServerCommand.message(for: error))
                == "--admin serves an endpoint without sign-in, so it listens only on loopback: give --host 127.0.0.1, "
                + "::1 or localhost, or drop --admin; see 'report-server --help'")
        }
    }

    @Test(arguments: ["127.0.0.1", "127.0.0.2", "::1", "localhost"])
    func adminOnLoopbackIsServed(host: String) throws {
        #expect(throws: Never.self) { try ReportServerCommand.parseAsRoot(["--host", host, "--admin"]) }
    }

    @Test func withoutAdminAnyAddressWillDo() throws {
        #expect(throws: Never.self) { try ReportServerCommand.parseAsRoot(["--host", "0.0.0.0"]) }
    }
}
