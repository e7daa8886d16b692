import Foundation
import Synchronization
import TestSupport

/// nginx (Debian's) serving HTTPS on loopback in front of the demo `report-server`, with
/// certificates made at test time by Tests/Scripts/make_certs.py: real TLS handshakes, HTTP/2 by
/// ALPN. One server block per certificate: valid (`port`), for another host name
/// (`wrongHostPort`), expired (`expiredPort`). On the valid one, `/v1/to-http` redirects to the
/// plain-http upstream, `/v1/to-other-origin` to `https://localhost:port/v1/landing`, which answers
/// `{"landed": true}`; its access log records each request's connection number, protocol,
/// method, path and Authorization header.
final class TLSServer: Sendable {
    let certificates: URL
    let port: Int
    let wrongHostPort: Int
    let expiredPort: Int
    let process: ChildProcess
    private let directory: URL

    var baseURL: String { "https://127.0.0.1:\(port)" }
    var caFile: String { certificates.appendingPathComponent("ca.pem").path }
    var otherCAFile: String { certificates.appendingPathComponent("other-ca.pem").path }
    /// The CA as an OpenSSL hashed directory, the form of /etc/ssl/certs.
    var caDirectory: String { certificates.appendingPathComponent("ca-dir").path }

    /// The shared server of the TLS tests, started on first use and stopped when the tests exit.
    static let shared: TLSServer = {
        do {
            return try TLSServer(upstream: ReferenceServer.demo.baseURL)
        } catch {
            fatalError("could not start nginx with TLS: \(error)")
        }
    }()

    init(upstream: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-tls-\(UUID().uuidString)")
        certificates = directory.appendingPathComponent("certs")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        try Self.check(Self.launch("/usr/bin/env", ["python3", Paths.repository.appendingPathComponent("Tests/Scripts/make_certs.py").path,
                                                    certificates.path]), "make_certs.py")
        var lastError: (any Error)?
        for _ in 0..<5 {
            let ports = Self.freePorts(3)
            let conf = directory.appendingPathComponent("nginx.conf")
            try Self.configuration(directory: directory, certificates: certificates, upstream: upstream, ports: ports)
                .write(to: conf, atomically: true, encoding: .utf8)
            let process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: Self.nginx)
            process.arguments = ["-p", directory.path, "-c", conf.path, "-e", directory.appendingPathComponent("error.log").path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if Self.waitUntilListening(ports, while: process) {
                (port, wrongHostPort, expiredPort) = (ports[0], ports[1], ports[2])
                self.process = process
                Self.running.withLock { $0.append(process.processIdentifier) }
                return
            }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            lastError = StartError(log: (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? "")
        }
        throw lastError ?? StartError(log: "")
    }

    /// The access log of the valid server block: one line a request,
    /// `CONNECTION PROTOCOL METHOD PATH AUTHORIZATION` ("-" for no Authorization).
    func accessLog() throws -> [String] {
        let text = (try? String(contentsOf: directory.appendingPathComponent("good.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    struct StartError: Error, CustomStringConvertible {
        let log: String
        var description: String { "nginx did not start: \(log)" }
    }

    static var nginx: String {
        ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
            ?? "/usr/sbin/nginx"
    }

    private static func configuration(directory: URL, certificates: URL, upstream: String, ports: [Int]) -> String {
        let d = directory.path, c = certificates.path
        // Workers run as the user who starts the tests (root on CI), so they can read the files.
        let user = getuid() == 0 ? "user root root;" : ""
        func block(_ port: Int, _ cert: String, extra: String = "") -> String {
            """
                server {
                    listen 127.0.0.1:\(port) ssl http2;
                    ssl_certificate \(c)/\(cert).pem;
                    ssl_certificate_key \(c)/\(cert).key;
            \(extra)
                    location / {
                        proxy_pass \(upstream);
                        proxy_http_version 1.1;
                        proxy_set_header Connection "";
                    }
                }
            """
        }
        return """
        \(user)
        daemon off;
        worker_processes 1;
        pid \(d)/nginx.pid;
        events { worker_connections 512; }
        http {
            access_log off;
            client_body_temp_path \(d)/tmp/body;
            proxy_temp_path \(d)/tmp/proxy;
            fastcgi_temp_path \(d)/tmp/fastcgi;
            uwsgi_temp_path \(d)/tmp/uwsgi;
            scgi_temp_path \(d)/tmp/scgi;
            ssl_protocols TLSv1.2 TLSv1.3;
            log_format report '$connection $server_protocol $request_method $uri $http_authorization';
        \(block(ports[0], "server", extra: """
                    access_log \(d)/good.log report;
                    location = /v1/to-http { return 302 \(upstream)/v1/me; }
                    location = /v1/to-other-origin { return 302 https://localhost:\(ports[0])/v1/landing; }
                    location = /v1/landing { default_type application/json; return 200 '{"landed": true}'; }
            """))
        \(block(ports[1], "wrong-host"))
        \(block(ports[2], "expired"))
        }
        """
    }

    private static func waitUntilListening(_ ports: [Int], while process: ChildProcess) -> Bool {
        for _ in 0..<100 {
            if !process.isRunning { return false }
            if ports.allSatisfy(isListening) { return true }
            usleep(50_000)
        }
        return false
    }

    private static func isListening(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// A port nothing listens on right now (nginx cannot take port 0; a clash is retried).
    /// `count` distinct free ports: each socket stays bound until all are, so the kernel cannot
    /// hand out one port twice (two blocks on one port would make nginx serve the first block's
    /// certificate on both: the expired port answering with the valid one).
    private static func freePorts(_ count: Int) -> [Int] {
        var descriptors: [Int32] = []
        defer { descriptors.forEach { close($0) } }
        return (0..<count).map { _ in
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            descriptors.append(fd)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(fd, pointer, length) == 0 ? getsockname(fd, pointer, &length) : -1
                }
            }
            return Int(UInt16(bigEndian: address.sin_port))
        }
    }

    private static func launch(_ path: String, _ arguments: [String]) throws -> ChildProcess {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process
    }

    private static func check(_ process: ChildProcess, _ what: String) throws {
        guard process.terminationStatus == 0 else { throw StartError(log: "\(what) exited \(process.terminationStatus)") }
    }

    private static let running: Mutex<[Int32]> = {
        atexit {
            for pid in TLSServer.running.withLock({ $0 }) { kill(pid, SIGTERM) }
        }
        return Mutex([])
    }()
}
