import Foundation
import Hummingbird
import HummingbirdTesting
@testable import ReportServer
import TestSupport
import Testing

/// Faults on demand, as the wire shows them: rules from `faults.json`, the admin endpoint,
/// `Prefer`, and what each kind does to the bytes and the connection.
@Suite struct FaultTests {
    /// The demo data with `faults` as its `faults.json`, served with `--admin`.
    func withFaultyServer(_ faults: String?, admin: Bool = true,
                          _ body: @escaping @Sendable (APIClient, Int) async throws -> Void) async throws {
        try await withDemoDataCopy { directory in
            if let faults {
                try Data(faults.utf8).write(to: directory.appendingPathComponent("faults.json"))
            }
            try await withServer(.demo(data: directory) { $0.admin = admin }) { api in
                try await body(api, try #require(api.client.port))
            }
        }
    }

    struct Listing: Decodable {
        struct Rule: Decodable {
            var id: Int
            var name: String?
            var kind: String
            var matched: Int
            var fired: Int
        }

        var seed: UInt64
        var rules: [Rule]
        var preferFired: Int
        var fired: Int
    }

    func listing(_ api: APIClient) async throws -> Listing {
        try await api.get("/_admin/faults", token: nil).decoded(Listing.self)
    }

    /// `--faults FILE`: the rules of a file kept anywhere (beside a CI job's tests), in place of the
    /// data directory's `faults.json`, which is not read at all.
    @Test func aFaultsFileReplacesTheDataDirectorysRules() async throws {
        try await withDemoDataCopy { directory in
            try Data(#"{"rules": [{"name": "data", "path": "/v1/me", "kind": "reset"}]}"#.utf8)
                .write(to: directory.appendingPathComponent("faults.json"))
            let file = directory.deletingLastPathComponent().appendingPathComponent("ci-faults-\(UInt32.random(in: 0...UInt32.max)).json")
            try Data(#"{"seed": 9, "rules": [{"name": "ci", "path": "/v1/analysis/report", "kind": "status", "status": 503, "times": 1}]}"#.utf8)
                .write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            try await withServer(.demo(data: directory) { $0.admin = true; $0.faultsFile = file }) { api in
                #expect(try await api.get("/v1/me").status == .ok, "faults.json's rule is not in force")
                #expect(try await api.get("/v1/analysis/report?termNo=1001").status == .serviceUnavailable)
                #expect(try await api.get("/v1/analysis/report?termNo=1001").status == .ok)
                let counts = try await listing(api)
                #expect(counts.rules.map(\.name) == ["ci"])
                #expect(counts.seed == 9)
            }
        }
    }

    @Test func aStatusRuleAnswersTheContractsErrorWithRetryAfterTimesTimes() async throws {
        let faults = #"{"rules": [{"name": "busy", "path": "/v1/analysis/report", "term": 1001, "kind": "status", "status": 503, "retryAfter": 1, "times": 2}]}"#
        try await withFaultyServer(faults) { api, _ in
            for _ in 0..<2 {
                let busy = try await api.get("/v1/analysis/report?termNo=1001")
                #expect(busy.status == .serviceUnavailable)
                #expect(busy.headers[.retryAfter] == "1")
                #expect(busy.isJSON)
                #expect(busy.errorCode == "maintenance")
            }
            #expect(try await api.get("/v1/analysis/report?termNo=1001").status == .ok, "twice, then the report")
            #expect(try await api.get("/v1/analysis/report?termNo=1002").status == .ok, "another term is not matched")
            let counts = try await listing(api)
            #expect(counts.rules.map(\.name) == ["busy"])
            #expect(counts.rules.map(\.matched) == [3])
            #expect(counts.rules.map(\.fired) == [2])
            #expect(counts.fired == 2)
        }
    }

    @Test(arguments: [(400, "bad_request"), (401, "invalid_token"), (403, "forbidden"), (404, "not_found"),
                      (429, "rate_limited"), (500, "internal"), (502, "internal"), (504, "internal")])
    func everyStatusHasTheContractsBody(status: Int, code: String) async throws {
        let faults = #"{"rules": [{"path": "/v1/me", "kind": "status", "status": \#(status)}]}"#
        try await withFaultyServer(faults) { api, _ in
            let response = try await api.get("/v1/me")
            #expect(response.status.code == status)
            #expect(response.errorCode == code)
        }
    }

    @Test func aDelayRuleAnswersLate() async throws {
        let faults = #"{"rules": [{"path": "/v1/me", "kind": "delay", "delay": "1s", "times": 1}]}"#
        try await withFaultyServer(faults) { api, _ in
            let start = ContinuousClock.now
            let late = try await api.get("/v1/me")
            #expect(late.status == .ok)
            #expect(start.duration(to: .now) >= .seconds(1))
            let prompt = try await api.get("/v1/me")
            #expect(prompt.status == .ok)
            // "times": 1 — the second request was not delayed. Asked of the server's own counts, not
            // timed here: this test's task can wait seconds for a thread of the cooperative pool
            // while the process suites run beside it (a plain request "took" 850 ms that way).
            let counts = try await listing(api)
            #expect(counts.rules.map(\.matched) == [2])
            #expect(counts.rules.map(\.fired) == [1], "once")
        }
    }

    @Test func resetSendsRSTAndNoByte() async throws {
        try await withFaultyServer(#"{"rules": [{"path": "/v1/me", "kind": "reset"}]}"#) { _, port in
            let exchange = try await RawHTTPExchange.get("/v1/me", port: port)
            #expect(exchange.ending == .reset)
            #expect(exchange.bytes.isEmpty)
        }
    }

    @Test func closeSendsNothingAndCloses() async throws {
        try await withFaultyServer(#"{"rules": [{"path": "/v1/me", "kind": "close"}]}"#) { _, port in
            let exchange = try await RawHTTPExchange.get("/v1/me", port: port)
            #expect(exchange.ending == .closed)
            #expect(exchange.bytes.isEmpty)
        }
    }

    @Test func cutAnnouncesTheWholeBodySendsHalfAndCloses() async throws {
        try await withFaultyServer(#"{"rules": [{"path": "/v1/analysis/report", "kind": "cut"}]}"#) { api, port in
            let exchange = try await RawHTTPExchange.get("/v1/analysis/report?termNo=1001", port: port)
            #expect(exchange.ending == .closed)
            #expect(exchange.statusCode == 200)
            let announced = try #require(exchange.header("Content-Length").flatMap(Int.init))
            #expect(exchange.body.count == announced / 2)
            #expect(exchange.header("x-report-server-fault") == nil, "the mark stays inside the server")
            try await api.client.execute(uri: "/_admin/faults", method: .delete) { #expect($0.status == .noContent) }
            #expect(try await api.get("/v1/analysis/report?termNo=1001").body.readableBytes == announced, "the real length")
        }
    }

    @Test func malformedIsAWellFramed200WithHalfTheJSON() async throws {
        try await withFaultyServer(#"{"rules": [{"path": "/v1/interviews/*", "kind": "malformed"}]}"#) { _, port in
            let exchange = try await RawHTTPExchange.get("/v1/interviews/2001", port: port, quiet: .milliseconds(700))
            #expect(exchange.statusCode == 200, "even where the real answer is 403")
            #expect(exchange.header("Content-Length").flatMap(Int.init) == exchange.body.count)
            #expect(exchange.ending == .open, "the connection stays usable")
            #expect((try? JSONSerialization.jsonObject(with: exchange.body)) == nil, "not JSON: \(String(decoding: exchange.body, as: UTF8.self))")
            #expect(exchange.body.starts(with: Data(#"{"error""#.utf8)))
        }
    }

    @Test func stallSendsTheHeadersThenNothing() async throws {
        try await withFaultyServer(#"{"rules": [{"path": "/v1/me", "kind": "stall"}]}"#) { _, port in
            let exchange = try await RawHTTPExchange.get("/v1/me", port: port, quiet: .seconds(1))
            #expect(exchange.ending == .open)
            #expect(exchange.statusCode == 200)
            #expect(exchange.header("Content-Length").flatMap(Int.init).map { $0 > 0 } == true)
            #expect(exchange.body.isEmpty)
        }
    }

    @Test(arguments: [("code=503", 503), ("code=429, retry-after=3", 429)])
    func preferAsksForAStatus(prefer: String, status: Int) async throws {
        try await withFaultyServer(nil) { api, _ in
            let response = try await api.get("/v1/me", headers: [.prefer: prefer])
            #expect(response.status.code == status)
            #expect(response.isJSON && response.errorCode != nil)
            #expect(response.headers[.retryAfter] == (status == 429 ? "3" : nil))
            #expect(try await api.get("/v1/me").status == .ok, "one answer, not a rule")
            #expect(try await listing(api).preferFired == 1)
        }
    }

    @Test func preferAsksForAConnectionFault() async throws {
        try await withFaultyServer(nil, admin: false) { _, port in
            let exchange = try await RawHTTPExchange.get("/v1/me", port: port, headers: ["Prefer: fault=reset"])
            #expect(exchange.ending == .reset)
        }
    }

    @Test func theAdminEndpointAddsListsAndClearsRules() async throws {
        try await withFaultyServer(#"{"seed": 9, "rules": [{"path": "/v1/me", "kind": "status", "status": 500, "times": 1}]}"#) { api, _ in
            let added = try await api.post("/_admin/faults", body: #"{"name": "slow list", "method": "GET", "path": "/v1/interviews", "kind": "delay", "delay": "10ms"}"#)
            #expect(added.status == .created)
            #expect(added.text.contains(#""id":2"#) && added.text.contains(#""fired":0"#))
            _ = try await api.get("/v1/interviews")
            _ = try await api.get("/v1/me")
            let counts = try await listing(api)
            #expect(counts.seed == 9)
            #expect(counts.rules.map(\.id) == [1, 2])
            #expect(counts.rules.map(\.kind) == ["status", "delay"])
            #expect(counts.rules.map(\.fired) == [1, 1])

            let bad = try await api.post("/_admin/faults", body: #"{"path": "/v1/me", "kind": "status", "status": 200}"#)
            #expect(bad.status == .badRequest)
            #expect(bad.errorCode == "bad_request")
            #expect(try bad.decoded(WireError.self).error.message == "status: 200 is not within 400...599")
            #expect(try await api.post("/_admin/faults", body: "not json").status == .badRequest)

            try await api.client.execute(uri: "/_admin/faults", method: .delete) { #expect($0.status == .noContent) }
            #expect(try await listing(api).rules.isEmpty)
            #expect(try await api.get("/v1/me").status == .ok)
        }
    }

    /// A client adding rules in a loop cannot grow the server without end: 256 rules in force at
    /// most (the file's included), then 409 until a DELETE.
    @Test func theAdminEndpointKeepsAtMost256RulesThen409() async throws {
        try await withFaultyServer(#"{"rules": [{"path": "/v1/me", "kind": "status", "status": 500, "times": 1}]}"#) { api, _ in
            let rule = #"{"path": "/v1/interviews", "kind": "delay", "delay": "1ms", "times": 1}"#
            for _ in 2...256 {
                let added = try await api.post("/_admin/faults", body: rule)
                #expect(added.status == .created)
                if added.status != .created { return }
            }
            let refused = try await api.post("/_admin/faults", body: rule)
            #expect(refused.status == .conflict)
            #expect(refused.errorCode == "too_many_rules")
            #expect(try refused.decoded(WireError.self).error.message.contains("DELETE /_admin/faults"))
            #expect(try await listing(api).rules.count == 256)

            try await api.client.execute(uri: "/_admin/faults", method: .delete) { #expect($0.status == .noContent) }
            #expect(try await api.post("/_admin/faults", body: rule).status == .created)
        }
    }

    /// One POST holds one rule: a body over 16 KiB is 413, whatever it holds, and nothing is added.
    @Test func anAdminBodyOver16KiBIs413() async throws {
        try await withFaultyServer(nil) { api, _ in
            func rule(bytes: Int) -> String {
                let frame = #"{"name": "", "path": "/v1/me", "kind": "reset"}"#
                return #"{"name": ""# + String(repeating: "x", count: bytes - frame.utf8.count) + #"", "path": "/v1/me", "kind": "reset"}"#
            }
            #expect(rule(bytes: 16 * 1024).utf8.count == 16 * 1024)
            let tooLarge = try await api.post("/_admin/faults", body: rule(bytes: 16 * 1024 + 1))
            #expect(tooLarge.status == .contentTooLarge)
            #expect(tooLarge.errorCode == "content_too_large")
            #expect(try await listing(api).rules.isEmpty)
            #expect(try await api.post("/_admin/faults", body: rule(bytes: 16 * 1024)).status == .created)
        }
    }

    @Test func withoutAdminTheEndpointDoesNotExist() async throws {
        try await withFaultyServer(nil, admin: false) { api, _ in
            for method in [HTTPRequest.Method.get, .post, .delete] {
                let response = try await api.client.execute(uri: "/_admin/faults", method: method, headers: [:])
                #expect(response.status == .notFound, "\(method)")
            }
        }
    }

    @Test func theAdminEndpointWorksDuringMaintenance() async throws {
        try await withDemoDataCopy { directory in
            try await withServer(.demo(data: directory) {
                $0.admin = true
                $0.maintenance = try? MaintenanceNotice(message: "점검", until: nil)
            }) { api in
                let refused = try await api.get("/v1/me")
                #expect(refused.status == .serviceUnavailable)
                let admin = try await api.get("/_admin/faults", token: nil)
                #expect(admin.status == .ok)
            }
        }
    }
}

/// The real binary with a bad `faults.json`: one line naming the file and the key, exit 78.
@Suite(.enabled(if: ServerProcess.executable != nil, "report-server is not built"))
struct FaultsFileBinaryTests {
    /// `--faults FILE` is checked at start as `faults.json` is: one line naming the file as given.
    @Test func aBadOrMissingFaultsFileGivenByFlagExitsWith78() async throws {
        try await withDemoDataCopy { directory in
            let bad = directory.appendingPathComponent("ci.json")
            try Data(#"{"rules": [{"path": "/v1/me", "kind": "explode"}]}"#.utf8).write(to: bad)
            let server = try ServerProcess(arguments: ["--port", "0", "--data", directory.path, "--faults", bad.path])
            #expect(await server.firstLine() == nil)
            #expect(await server.exitStatus() == 78)
            #expect(server.errorOutput()
                == "report-server: \(bad.path): rules[0].kind: 'explode' is not one of status, delay, stall, cut, reset, close, malformed\n")
            let missing = directory.appendingPathComponent("nowhere.json")
            let absent = try ServerProcess(arguments: ["--port", "0", "--data", directory.path, "--faults", missing.path])
            #expect(await absent.firstLine() == nil)
            #expect(await absent.exitStatus() == 78)
            #expect(absent.errorOutput().hasPrefix("report-server: \(missing.path): cannot read the file: "), "\(absent.errorOutput())")
        }
    }

    @Test func aBadFaultsFileExitsWith78NamingTheFileAndTheKey() async throws {
        try await withDemoDataCopy { directory in
            let file = directory.appendingPathComponent("faults.json")
            try Data(#"{"rules": [{"path": "/v1/me", "kind": "status", "status": 200}]}"#.utf8).write(to: file)
            let server = try ServerProcess(arguments: ["--port", "0", "--data", directory.path])
            #expect(await server.firstLine() == nil)
            #expect(await server.exitStatus() == 78)
            #expect(server.errorOutput() == "report-server: \(file.path): rules[0].status: 200 is not within 400...599\n")
        }
    }
}
