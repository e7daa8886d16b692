import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore
import Terminal

/// `report-server`: serves the report API of api/openapi.yaml from a data directory.
struct ReportServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report-server",
        abstract: "Serve the report API (api/openapi.yaml) from a data directory.",
        discussion: """
            Prints "listening on http://HOST:PORT" (https with TLS) on stdout once it serves, and \
            writes that URL into --ready-file if given; everything else goes to stderr. Stops \
            cleanly on SIGINT or SIGTERM.

            Without --data it serves the demo data: PREFIX/share/report/demo beside an installed \
            PREFIX/bin/report-server (/usr/share/report/demo for the Debian package), else \
            ServerData/demo of the repository it was built in.

            \(ExitStatus.helpText)
            """,
        version: ServerVersion.description
    )

    @Option(help: ArgumentHelp("The data directory (default: the installed demo data, or ServerData/demo of the repository).", valueName: "dir"))
    var data: String?

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(name: .customLong("token-ttl"),
            help: ArgumentHelp("Lifetime of issued access tokens: seconds, or 90s, 30m, 1h.", valueName: "duration"))
    var tokenTTL = TokenLifetime(.seconds(3600))

    @Option(help: ArgumentHelp("Start in maintenance with this message.", valueName: "message"))
    var maintenance: String?

    @Option(
        name: .customLong("maintenance-until"),
        help: ArgumentHelp("When the maintenance ends (ISO-8601 date-time); needs --maintenance.", valueName: "date-time")
    )
    var maintenanceUntil: String?

    @Flag(help: "Log each request (never its headers), and each fault injected, to stderr.")
    var verbose = false

    @Option(name: .customLong("tls-cert"),
            help: ArgumentHelp("Serve HTTPS (HTTP/2 and HTTP/1.1 by ALPN) with this PEM certificate chain; needs --tls-key.",
                               valueName: "file"))
    var tlsCert: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "file"))
    var tlsKey: String?

    @Option(name: .customLong("tls-self-signed"),
            help: ArgumentHelp("Serve HTTPS with a CA and certificate made now for the listen address, written into dir "
                               + "(ca.pem, server.pem, server.key); trust it with report --cacert dir/ca.pem.",
                               valueName: "dir"))
    var tlsSelfSigned: String?

    @Flag(help: ArgumentHelp("Serve \(FaultAdmin.path): GET lists the fault rules and their counts, POST adds one, DELETE removes them all. "
                             + "It has no sign-in: only with a loopback --host (127.0.0.1, ::1, localhost)."))
    var admin = false

    @Option(name: .customLong("ready-file"),
            help: ArgumentHelp("Once it serves, write its URL into this file (atomically); removed again when it stops.",
                               valueName: "file"))
    var readyFile: String?

    @Option(name: .customLong("faults"),
            help: ArgumentHelp("Start with the fault rules of this file, written and checked as a data directory's faults.json "
                               + "(which it replaces), so that a CI job keeps its faults beside its tests, not in a copy of the data.",
                               valueName: "file"),
            completion: .file(extensions: ["json"]))
    var faultsFile: String?

    @Option(name: .customLong("fault-seed"),
            help: ArgumentHelp("The seed of the fault rules' probability draws (overrides the seed of the rules' file; default 0).",
                               valueName: "n"))
    var faultSeed: UInt64?

    @Option(name: .customLong("max-age"),
            help: ArgumentHelp("How long the interview and reports of a finished analysis stay fresh in a client's cache: "
                               + "Cache-Control: private, max-age=SECONDS (0: no-cache, revalidated every time). "
                               + "Pending and failed analyses, lists, hints and tokens never get one.",
                               valueName: "seconds"))
    var maxAge = 0

    @Option(name: .customLong("header-timeout"),
            help: ArgumentHelp("How long a client may take to send a request's head (request line and headers), counted from "
                               + "when it connects (the TLS handshake included) or starts a later request on the connection: "
                               + "500ms, 10s, 1m; at most 1h. A slower client's connection is closed.",
                               valueName: "duration"))
    var headerTimeout = ConnectionTimeout(ConnectionLimits().headerTimeout)

    @Option(name: .customLong("idle-timeout"),
            help: ArgumentHelp("How long a connection may stay silent between requests, or while a request's body is coming, "
                               + "before it is closed (never while the server answers); at most 1h.",
                               valueName: "duration"))
    var idleTimeout = ConnectionTimeout(ConnectionLimits().idleTimeout)

    @Option(name: .customLong("max-connections"),
            help: ArgumentHelp("Connections served at once (default: 256, or fewer under a low ulimit -n); more wait in the "
                               + "listen queue until one closes. At most the open-file limit less \(ConnectionLimits.reservedDescriptors).",
                               valueName: "n"))
    var maxConnections: Int?

    @Flag(name: .customLong("no-etag"),
          help: "Send no ETag and never answer 304, as a service without validators (to try a client's cache against one).")
    var noETag = false

    func validate() throws {
        guard (0...Int(Int32.max)).contains(maxAge) else { throw ValidationError("--max-age must be within 0...\(Int32.max) seconds.") }
        guard (tlsCert == nil) == (tlsKey == nil) else { throw ValidationError("--tls-cert and --tls-key go together.") }
        guard tlsCert == nil || tlsSelfSigned == nil else {
            throw ValidationError("--tls-self-signed makes its own certificate: give it or --tls-cert, not both.")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be within 0...65535.") }
        if let maxConnections {
            let allowance = ConnectionLimits.connectionAllowance()
            guard maxConnections >= 1 else { throw ValidationError("--max-connections must be at least 1.") }
            guard maxConnections <= allowance else {
                throw ValidationError("--max-connections \(maxConnections) needs more open files than ulimit -n allows: "
                                      + "give at most \(allowance), or raise ulimit -n.")
            }
        }
        guard !admin || Self.isLoopback(host) else {
            // Anyone who reaches the port could break every client of the server: the endpoint has no sign-in.
            throw ValidationError("--admin serves an endpoint without sign-in, so it listens only on loopback: "
                                  + "give --host 127.0.0.1, ::1 or localhost, or drop --admin.")
        }
        if let maintenanceUntil {
            guard maintenance != nil else { throw ValidationError("--maintenance-until needs --maintenance.") }
            guard ISO8601Timestamp.date(from: maintenanceUntil) != nil else {
                throw ValidationError("--maintenance-until must be an ISO-8601 date-time such as 2026-11-02T12:00:00+09:00.")
            }
        }
    }

    func run() async throws {
        let dataDirectory: URL
        if let data {
            dataDirectory = URL(fileURLWithPath: data)
        } else {
            let search = DemoDataLocator.search()
            guard let found = search.found else { fail(search.notFoundMessage, .configuration) }
            dataDirectory = found
        }
        if let readyFile {
            // A file left by an earlier run must not say "ready" before this one serves.
            if let reason = AtomicFile.checkWritable(readyFile) { fail("--ready-file \(reason)", .cannotCreate) }
            if unlink(readyFile) != 0, errno != ENOENT {
                fail("--ready-file \(readyFile): cannot remove it: \(Descriptor.reason(errno))", .cannotCreate)
            }
        }
        var tls = tlsCert.flatMap { cert in tlsKey.map { (URL(fileURLWithPath: cert), URL(fileURLWithPath: $0)) } }
        if let tlsSelfSigned {
            let files: SelfSignedCertificates.Files
            do {
                files = try SelfSignedCertificates.make(in: URL(fileURLWithPath: tlsSelfSigned), host: host)
            } catch let problem as SelfSignedCertificates.Problem {
                fail(problem.description, .configuration)
            } catch {
                fail("--tls-self-signed \(tlsSelfSigned): cannot make the certificates: \(error)", .configuration)
            }
            tls = (files.certificateChain, files.privateKey)
            ServerLog.write("made a CA for this server: trust it with --cacert \(files.ca.path)")
        }
        let configuration = ServerConfiguration(
            dataDirectory: dataDirectory,
            host: host,
            port: port,
            accessTokenLifetime: tokenTTL.duration,
            maintenance: maintenanceNotice(),
            verbose: verbose,
            announcesListening: true,
            readyFile: readyFile,
            tls: tls,
            admin: admin,
            faultsFile: faultsFile.map { URL(fileURLWithPath: $0) },
            faultSeed: faultSeed,
            maxAge: maxAge,
            etags: !noETag,
            limits: ConnectionLimits(headerTimeout: headerTimeout.duration, idleTimeout: idleTimeout.duration,
                                     maxConnections: maxConnections ?? ConnectionLimits.defaultMaxConnections)
        )
        let application: any ApplicationProtocol
        do {
            application = try await buildApplication(configuration: configuration)
        } catch let error as DataSetError {
            fail(error.description, .configuration)
        } catch let error as ServerTLS.Problem {
            fail(error.description, .configuration)
        }
        do {
            try await application.runService()
        } catch let error as IOError {
            fail(Self.listenFailure(error.errnoCode, host: host, port: port), .unavailable)
        } catch {
            fail("cannot serve on \(host):\(port): \(error)", .unavailable)
        }
        if let readyFile { unlink(readyFile) }
    }

    /// The maintenance of --maintenance and --maintenance-until (which validate() checked).
    private func maintenanceNotice() -> MaintenanceNotice? {
        guard let maintenance else { return nil }
        do {
            return try MaintenanceNotice(message: maintenance, until: maintenanceUntil)
        } catch {
            fail("--maintenance: \(error)", .configuration)
        }
    }

    /// Whether `host` is certainly a loopback address: `localhost`, an IPv4 address in 127.0.0.0/8
    /// written as four decimal numbers, or `::1`. Anything else, a name that might resolve to
    /// loopback included, is not.
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { $0.elementsEqual([UInt8](repeating: 0, count: 15) + [1]) }
        }
        return false
    }

    /// Why it cannot listen, in a line that says what to do.
    static func listenFailure(_ code: Int32, host: String, port: Int) -> String {
        switch code {
        case EADDRINUSE: "port \(port) is in use on \(host); pick another with --port, or --port 0 for a free one"
        case EADDRNOTAVAIL: "cannot listen on \(host): it is not an address of this machine; see --host"
        case EACCES: "cannot listen on port \(port) of \(host): ports below 1024 need privileges; pick another with --port"
        default: "cannot listen on \(host):\(port): \(Descriptor.reason(code))"
        }
    }

    /// The one way out with an error: a single line on stderr, then the status from the table.
    private func fail(_ message: String, _ status: ExitStatus) -> Never {
        ServerLog.write(message)
        Foundation.exit(status.rawValue)
    }

}

extension ReportServerCommand {
    /// The entry point for main.swift. Parses and runs as ArgumentParser's `main` would, but says a
    /// bad flag in report's style: one line on stderr (`report-server: unknown option '--bogus';
    /// see 'report-server --help'`) and exit 64, not the error and the usage block.
    static func launch() async {
        // A library's own logger, should one make one, writes the server's one line format too.
        LoggingSystem.bootstrap { _ in ServerLog.Handler() }
        do {
            var command = try parseAsRoot(Array(CommandLine.arguments.dropFirst()))
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                // --help is a command of ArgumentParser's, whose run throws the help.
                try command.run()
            }
        } catch {
            let status = exitCode(for: error)
            switch status {
            case .validationFailure:
                ServerLog.write(usageLine(message(for: error)))
                Foundation.exit(ExitStatus.usage.rawValue)
            case .success:
                // Help, --version, a completion script: on stdout.
                let text = fullMessage(for: error)
                FileHandle.standardOutput.write(Data((text.isEmpty || text.hasSuffix("\n") ? text : text + "\n").utf8))
                Foundation.exit(0)
            default:
                // The command's own failures exit where they happen, each with its line and
                // status; anything else thrown is a bug.
                ServerLog.write(PrintableText.oneLine(String(describing: error), maxLength: 300))
                Foundation.exit(ExitStatus.software.rawValue)
            }
        }
    }

    /// ArgumentParser's message as one line of report's style: lower case, no "Error: ", the
    /// suggestion and where to read more after a semicolon.
    static func usageLine(_ message: String) -> String {
        var text = message.split(separator: "\n").first.map(String.init) ?? "invalid arguments"
        if text.hasPrefix("Error: ") { text.removeFirst(7) }
        if let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase == true {
            text = first.lowercased() + text.dropFirst()
        }
        let help = "see 'report-server --help'"
        var hint = help
        if let range = text.firstRange(of: ". Did you mean ") {
            hint = "did you mean " + text[range.upperBound...] + " (\(help))"
            text = String(text[..<range.lowerBound])
        }
        if text.hasSuffix(".") { text.removeLast() }
        return "\(text); \(hint)"
    }
}

/// `--token-ttl`: a duration as report's flags take them (`3600`, `90s`, `30m`, `1h`), at most ten
/// years, shown in the help as `1h`.
struct TokenLifetime: ExpressibleByArgument {
    let duration: Duration

    init(_ duration: Duration) { self.duration = duration }

    init?(argument: String) {
        guard let duration = DurationText.parse(argument, maximum: .seconds(315_360_000)) else { return nil }
        self.duration = duration
    }

    var defaultValueDescription: String {
        duration.components.attoseconds == 0 && duration.components.seconds % 3600 == 0
            ? "\(duration.components.seconds / 3600)h" : DurationText.text(duration)
    }
}

/// `--header-timeout`, `--idle-timeout`: a duration as report's flags take them (`10`, `500ms`,
/// `10s`, `1m`), more than zero and at most an hour, shown in the help as `10s`.
struct ConnectionTimeout: ExpressibleByArgument {
    let duration: Duration

    init(_ duration: Duration) { self.duration = duration }

    init?(argument: String) {
        guard let duration = DurationText.parse(argument, maximum: .seconds(3600)), duration > .zero else { return nil }
        self.duration = duration
    }

    var defaultValueDescription: String { DurationText.text(duration) }
}
