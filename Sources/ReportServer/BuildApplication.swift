import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdHTTP2
import Logging
import Terminal

/// Loads the data set and assembles the server; throws `DataSetError` for bad data.
func buildApplication(configuration: ServerConfiguration) async throws -> some ApplicationProtocol {
    let dataSet = try DataSet.load(from: configuration.dataDirectory)
    let maintenance = MaintenanceSwitch(
        configured: configuration.maintenance ?? dataSet.maintenance,
        dataDirectory: configuration.dataDirectory
    )
    let api = ReportAPI(
        dataSet: dataSet,
        tokens: TokenStore(
            members: dataSet.members.values,
            accessTokenLifetime: configuration.accessTokenLifetime,
            clock: configuration.tokenClock
        ),
        progress: AnalysisProgress(),
        maintenance: maintenance,
        maxAge: configuration.maxAge,
        etags: configuration.etags
    )

    let plan = try configuration.faultsFile.map { file throws(DataSetError) in try DataSet.loadFaultPlan(from: file) } ?? dataSet.faults
    let faults = FaultInjector(plan: plan, seed: configuration.faultSeed)

    let router = Router()
    if configuration.verbose {
        router.add(middleware: RequestLogMiddleware())
    }
    router.add(middleware: JSONErrorMiddleware())
    router.add(middleware: FaultMiddleware(injector: faults, logs: configuration.verbose))
    router.add(middleware: ContractMethodsMiddleware())
    router.add(middleware: MaintenanceMiddleware(maintenance: maintenance))
    api.addRoutes(to: router)
    if configuration.admin {
        FaultAdmin(injector: faults).addRoutes(to: router)
    }

    // stdout carries only the "listening on" line; every diagnostic goes to stderr.
    var logger = Logger(label: "report-server") { _ in ServerLog.Handler() }
    logger.logLevel = configuration.verbose ? .info : .warning

    let host = configuration.host
    let announces = configuration.announcesListening
    let readyFile = configuration.readyFile
    // HTTPS answers HTTP/2 or HTTP/1.1, as the client's ALPN asks; plain http is HTTP/1.1.
    // Every HTTP/1.1 connection and HTTP/2 stream gets the handler that acts out connection-level
    // faults, and before it (on the way out) the one that tells the slow-client guard where
    // requests begin and end; every connection gets the guard (GuardedChildChannel).
    let limits = configuration.limits
    let logs = configuration.verbose
    let channel = HTTP1Channel.Configuration(additionalChannelHandlers: [RequestBoundaries(), FaultChannelHandler()])
    let server: HTTPServerBuilder
    if let tls = configuration.tls {
        let tlsConfiguration = try ServerTLS.configuration(certificateChain: tls.certificateChain, privateKey: tls.privateKey)
        let http2 = HTTP2UpgradeChannel.Configuration(idleTimeout: limits.idleTimeout, streamConfiguration: channel)
        server = HTTPServerBuilder { responder in
            GuardedChildChannel(base: try HTTP2UpgradeChannel(tlsConfiguration: tlsConfiguration, configuration: http2, responder: responder),
                                limits: limits, logs: logs)
        }
    } else {
        server = HTTPServerBuilder { responder in
            GuardedChildChannel(base: HTTP1Channel(responder: responder, configuration: channel), limits: limits, logs: logs)
        }
    }
    let scheme = configuration.tls == nil ? "http" : "https"
    return Application(
        router: router,
        server: server,
        configuration: .init(address: .hostname(host, port: configuration.port), serverName: "report-server",
                             availableConnectionsDelegate: MaximumAvailableConnections(limits.maxConnections)),
        onServerRunning: { channel in
            guard let port = channel.localAddress?.port else { return }
            let shownHost = host.contains(":") ? "[\(host)]" : host
            let url = "\(scheme)://\(shownHost):\(port)"
            // FileHandle writes straight to the descriptor: no stdio buffer to flush when piped.
            if announces { FileHandle.standardOutput.write(Data("listening on \(url)\n".utf8)) }
            guard let readyFile else { return }
            // Renamed into place whole: whoever waits for the file never reads half a URL.
            do {
                try AtomicFile.write(Array("\(url)\n".utf8), to: readyFile)
            } catch {
                ServerLog.write("--ready-file \(error)")
                exit(ExitStatus.cannotCreate.rawValue)
            }
        },
        logger: logger
    )
}
