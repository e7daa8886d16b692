import Foundation
import TestSupport
import Synchronization

/// Something a server or the network between does wrong, on one endpoint, for a number of requests.
struct Fault: Sendable {
    /// The endpoint that misbehaves.
    enum Target: Sendable {
        /// `GET /v1/analysis/report?termNo=` (what `report fetch` asks for).
        case report
        /// `GET /v1/interviews/{termNo}` (the report's title, asked for beside it).
        case interview
        /// `POST /v1/auth/token` (the refresh).
        case token
    }

    enum RetryAfter: Sendable {
        case seconds(Int)
        /// An HTTP-date this many seconds after the moment of the response.
        case dateIn(seconds: Int)
    }

    enum Behaviour: Sendable {
        /// The contract's error body, `{"error": {"code", "message"}}`.
        case status(Int, code: String, retryAfter: RetryAfter? = nil)
        /// Any response with this status, content type and body (with Content-Length).
        case response(status: Int, contentType: String?, body: [UInt8], headers: [(String, String)] = [])
        /// A 200 JSON body of this many bytes with no Content-Length, delimited by closing the connection.
        case endlessBody(bytes: Int)
        /// Reads the request, then says nothing until the client gives up.
        case slowHeaders
        /// The headers and half the body, then nothing until the client gives up.
        case stalledBody
        /// The headers, then a byte every 200 ms: never a stall, always too slow.
        case trickle
        /// The headers (with the full Content-Length) and half the body, then an orderly close.
        case shortBody
        /// The headers and half the body, then a TCP reset.
        case resetMidBody
        /// Reads the request and closes without a byte of response.
        case closeWithoutResponse
        /// `302` to this same URL, forever.
        case redirectLoop
        /// `302` to the same path on `FaultServer.otherOrigin`, another port.
        case redirectToOtherOrigin
        /// These bytes as the whole answer, then the connection closed.
        case raw([UInt8])
    }

    let behaviour: Behaviour
    var target: Target = .report
    /// How many requests to `target` misbehave before it behaves; nil for all of them.
    var times: Int?

    static func once(_ behaviour: Behaviour, on target: Target = .report) -> Fault {
        Fault(behaviour: behaviour, target: target, times: 1)
    }

    static func always(_ behaviour: Behaviour, on target: Target = .report) -> Fault {
        Fault(behaviour: behaviour, target: target, times: nil)
    }
}

/// The endpoints of the contract that `report fetch --term 1001` uses — `GET /v1/interviews/{termNo}`,
/// `GET /v1/analysis/report`, `GET /v1/service/status`, `POST /v1/auth/token` (with rotation) and
/// `GET /v1/me` — served with the demo data set's interview 1001 over real loopback sockets, by a
/// server that misbehaves on purpose as its `Fault` says. A second server, `otherOrigin`, is where
/// `redirectToOtherOrigin` sends the client; it serves the report to anyone and records what it got.
final class FaultServer: Sendable {
    static let termNo = 1001

    private struct State {
        var faultedRequests = 0
        var validAccessTokens: Set<String>
        var refreshToken: String
        var issuedTokens: [String] = []
    }

    /// nil: a server that behaves.
    let fault: Fault?
    let maintenance: Bool
    let server: LoopbackServer
    let otherOrigin: LoopbackServer
    /// The credentials a client starts with (stored, or the access token as REPORT_TOKEN).
    let accessToken = "at-fault-" + UUID().uuidString.lowercased()
    let refreshToken = "rt-fault-" + UUID().uuidString.lowercased()
    private let state: Mutex<State>
    private let interviewBody: [UInt8]
    private let reportBody: [UInt8]

    /// `maintenance`: what `GET /v1/service/status` says (otherwise that all is well).
    init(fault: Fault?, maintenance: Bool = false) throws {
        self.fault = fault
        self.maintenance = maintenance
        (interviewBody, reportBody) = try Self.demoBodies()
        state = Mutex(State(validAccessTokens: [accessToken], refreshToken: refreshToken))
        server = try LoopbackServer()
        otherOrigin = try LoopbackServer()
        let report = reportBody
        otherOrigin.route("/v1/analysis/report") { _, connection in
            connection.respond(status: 200, headers: [("Content-Type", "application/json")], body: report)
            return .keepAlive
        }
        serve("/v1/interviews/\(Self.termNo)") { server, request, connection in
            if server.misbehaves(on: .interview) { return server.misbehave(request, connection) }
            guard server.authorized(request, connection) else { return .keepAlive }
            connection.respond(status: 200, headers: [("Content-Type", "application/json")], body: server.interviewBody)
            return .keepAlive
        }
        serve("/v1/analysis/report") { server, request, connection in
            if server.misbehaves(on: .report) { return server.misbehave(request, connection) }
            guard server.authorized(request, connection) else { return .keepAlive }
            connection.respond(status: 200, headers: [("Content-Type", "application/json")], body: server.reportBody)
            return .keepAlive
        }
        serve("/v1/auth/token") { server, request, connection in
            if server.misbehaves(on: .token) { return server.misbehave(request, connection) }
            server.refresh(request, connection)
            return .keepAlive
        }
        serve("/v1/service/status") { server, _, connection in
            connection.respond(status: 200, body: server.maintenance
                ? #"{"status":"MAINTENANCE","message":"서버 점검 중입니다","until":"2030-11-21T14:00:00+09:00"}"#
                : #"{"status":"OK","message":null,"until":null}"#)
            return .keepAlive
        }
        serve("/v1/me") { server, request, connection in
            guard server.authorized(request, connection) else { return .keepAlive }
            connection.respond(status: 200, body: #"{"memIdx":42,"name":"김은미","email":"eunmi@example.com"}"#)
            return .keepAlive
        }
    }

    /// Routes `path` to `handler`; the handler holds the server weakly, so dropping it stops both sockets.
    private func serve(_ path: String,
                       _ handler: @escaping @Sendable (FaultServer, RecordedRequest, ServerConnection) -> LoopbackServer.Next) {
        server.route(path) { [weak self] request, connection in
            guard let self else { return .close }
            return handler(self, request, connection)
        }
    }

    deinit {
        server.stop()
        otherOrigin.stop()
    }

    var baseURL: String { server.baseURL }

    /// Every token this server knows: the initial ones and every one it issued.
    var tokens: [String] { [accessToken, refreshToken] + state.withLock { $0.issuedTokens } }

    func requests(to target: Fault.Target) -> [RecordedRequest] {
        switch target {
        case .report: server.requests(to: "/v1/analysis/report")
        case .interview: server.requests(to: "/v1/interviews/\(Self.termNo)")
        case .token: server.requests(to: "/v1/auth/token")
        }
    }

    /// `credentials.json` as `report auth login` writes it, for this server: with an access token
    /// that is far from expiring (so the only refresh is the one a 401 causes), or one that has expired.
    func credentialsDocument(expired: Bool = false) throws -> Data {
        let profile: [String: Any] = [
            "baseURL": baseURL, "memIdx": 42, "accessToken": accessToken,
            "accessTokenExpiresAt": Int(Date().timeIntervalSince1970) + (expired ? -60 : 3600),
            "refreshToken": refreshToken,
        ]
        return try JSONSerialization.data(withJSONObject: ["version": 1, "profiles": ["default": profile]],
                                          options: [.sortedKeys])
    }

    // MARK: Behaving

    private func authorized(_ request: RecordedRequest, _ connection: ServerConnection) -> Bool {
        let header = request.header("Authorization") ?? ""
        let token = header.hasPrefix("Bearer ") ? String(header.dropFirst("Bearer ".count)) : ""
        guard state.withLock({ $0.validAccessTokens.contains(token) }) else {
            connection.respond(status: 401, body: #"{"error":{"code":"invalid_token","message":"the access token is not valid"}}"#)
            return false
        }
        return true
    }

    /// The refresh-token grant, with rotation: each refresh token works once.
    private func refresh(_ request: RecordedRequest, _ connection: ServerConnection) {
        let body = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any]
        let presented = body?["refreshToken"] as? String
        let issued = state.withLock { state -> (access: String, refresh: String)? in
            guard body?["grantType"] as? String == "refresh_token", presented == state.refreshToken else { return nil }
            let access = "at-fault-new-" + UUID().uuidString.lowercased()
            let refresh = "rt-fault-new-" + UUID().uuidString.lowercased()
            state.refreshToken = refresh
            state.validAccessTokens.insert(access)
            state.issuedTokens += [access, refresh]
            return (access, refresh)
        }
        guard let issued else {
            connection.respond(status: 401, body: #"{"error":{"code":"invalid_token","message":"the refresh token is not valid"}}"#)
            return
        }
        connection.respond(status: 200, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body:
            #"{"accessToken":"\#(issued.access)","refreshToken":"\#(issued.refresh)","expiresIn":3600,"tokenType":"Bearer","memIdx":42}"#)
    }

    // MARK: Misbehaving

    /// Counts the request when it goes to the fault's target; true while the fault applies.
    private func misbehaves(on target: Fault.Target) -> Bool {
        guard let fault, fault.target == target else { return false }
        let count = state.withLock { state in
            state.faultedRequests += 1
            return state.faultedRequests
        }
        return fault.times.map { count <= $0 } ?? true
    }

    private func misbehave(_ request: RecordedRequest, _ connection: ServerConnection) -> LoopbackServer.Next {
        let json = [("Content-Type", "application/json")]
        let half = Array(reportBody.prefix(reportBody.count / 2))
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(reportBody.count)\r\n\r\n"
        guard let fault else { return .close }
        switch fault.behaviour {
        case .status(let status, let code, let retryAfter):
            var headers = json
            switch retryAfter {
            case .seconds(let seconds)?: headers.append(("Retry-After", String(seconds)))
            case .dateIn(let seconds)?: headers.append(("Retry-After", Self.httpDate(Date().addingTimeInterval(Double(seconds)))))
            case nil: break
            }
            connection.respond(status: status, headers: headers,
                               body: #"{"error":{"code":"\#(code)","message":"injected fault \#(status) \#(code)"}}"#)
            return .keepAlive
        case .response(let status, let contentType, let body, let headers):
            connection.respond(status: status, headers: (contentType.map { [("Content-Type", $0)] } ?? []) + headers, body: body)
            return .keepAlive
        case .endlessBody(let bytes):
            connection.send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n")
            let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 64 * 1024)
            connection.send(Array("{\"result\":".utf8))
            for _ in 0..<(bytes / chunk.count + 1) { connection.send(chunk) }
            return .close
        case .slowHeaders:
            connection.waitForClientClose()
            return .close
        case .stalledBody:
            connection.send(Array(head.utf8) + half)
            connection.waitForClientClose()
            return .close
        case .trickle:
            connection.send(head)
            for byte in reportBody {
                Thread.sleep(forTimeInterval: 0.2)
                guard connection.send([byte]) else { break }
            }
            return .close
        case .shortBody:
            connection.send(Array(head.utf8) + half)
            return .close
        case .resetMidBody:
            connection.send(Array(head.utf8) + half)
            // Give the client time to read the first half, so the reset comes mid-body, not before it.
            Thread.sleep(forTimeInterval: 0.1)
            connection.reset()
            return .close
        case .closeWithoutResponse:
            return .close
        case .redirectLoop:
            connection.respond(status: 302, headers: [("Location", request.target)], body: [])
            return .keepAlive
        case .redirectToOtherOrigin:
            connection.respond(status: 302, headers: [("Location", otherOrigin.baseURL + request.target)], body: [])
            return .keepAlive
        case .raw(let bytes):
            connection.send(bytes)
            return .close
        }
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    /// The wire bodies of interview 1001 of the demo data set: the interview, and `{"result": report}`.
    private static func demoBodies() throws -> (interview: [UInt8], report: [UInt8]) {
        let file = Paths.repository.appendingPathComponent("ServerData/demo/interviews/\(termNo).json")
        let record = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
        let interview = try JSONSerialization.data(withJSONObject: record["interview"] ?? [:])
        let report = try JSONSerialization.data(withJSONObject: ["result": record["report"] ?? NSNull()])
        return (Array(interview), Array(report))
    }
}
