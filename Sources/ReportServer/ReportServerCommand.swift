import ArgumentParser
import Foundation
import Hummingbird

/// `report-server`: serves the report API of api/openapi.yaml from a data directory.
struct ReportServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report-server",
        abstract: "Serve the report API (api/openapi.yaml) from a data directory.",
        discussion: """
            Prints "listening on http://HOST:PORT" (https with --tls-cert) on stdout once ready; everything
            else goes to stderr.
            Stops cleanly on SIGINT or SIGTERM.
            """
    )

    @Option(help: ArgumentHelp("The data directory (default: ServerData/demo of the repository).", valueName: "dir"))
    var data: String?

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(name: .customLong("token-ttl"), help: ArgumentHelp("Lifetime of issued access tokens.", valueName: "seconds"))
    var tokenTTL: Double = 3600

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

    @Flag(help: ArgumentHelp("Serve \(FaultAdmin.path): GET lists the fault rules and their counts, POST adds one, DELETE removes them all."))
    var admin = false

    @Option(name: .customLong("fault-seed"),
            help: ArgumentHelp("The seed of the fault rules' probability draws (overrides the seed of faults.json; default 0).",
                               valueName: "n"))
    var faultSeed: UInt64?

    func validate() throws {
        guard (tlsCert == nil) == (tlsKey == nil) else { throw ValidationError("--tls-cert and --tls-key go together.") }
        guard tlsCert == nil || tlsSelfSigned == nil else {
            throw ValidationError("--tls-self-signed makes its own certificate: give it or --tls-cert, not both.")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be within 0...65535.") }
        guard tokenTTL.isFinite, tokenTTL >= 0, tokenTTL <= 315_360_000 else {
            throw ValidationError("--token-ttl must be a number of seconds between 0 and 315360000.")
        }
        if let maintenanceUntil {
            guard maintenance != nil else { throw ValidationError("--maintenance-until needs --maintenance.") }
            guard ISO8601Timestamp.date(from: maintenanceUntil) != nil else {
                throw ValidationError("--maintenance-until must be an ISO-8601 date-time such as 2026-11-02T12:00:00+09:00.")
            }
        }
    }

    func run() async throws {
        guard let dataDirectory = data.map({ URL(fileURLWithPath: $0) }) ?? DemoDataLocator.find() else {
            fail(
                "cannot find ServerData/demo above the executable or the current directory; pass --data DIR",
                .configuration
            )
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
            FileHandle.standardError.write(Data("report-server: made a CA for this server: trust it with --cacert \(files.ca.path)\n".utf8))
        }
        let configuration = ServerConfiguration(
            dataDirectory: dataDirectory,
            host: host,
            port: port,
            accessTokenLifetime: .milliseconds(Int64((tokenTTL * 1000).rounded())),
            maintenance: try maintenance.map { message throws(DataProblem) in
                try MaintenanceNotice(message: message, until: maintenanceUntil)
            },
            verbose: verbose,
            announcesListening: true,
            tls: tls,
            admin: admin,
            faultSeed: faultSeed
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
        } catch {
            fail("cannot serve on \(host):\(port): \(error)", .unavailable)
        }
    }

    /// The one way out with an error: a single line on stderr, then the status from the table.
    private func fail(_ message: String, _ status: ExitStatus) -> Never {
        FileHandle.standardError.write(Data("report-server: \(message)\n".utf8))
        Self.exit(withError: status.exitCode)
    }
}

extension ReportServerCommand {
    /// The entry point for main.swift, where top-level code would pick the synchronous `main()`.
    static func launch() async {
        await main(nil)
    }
}
