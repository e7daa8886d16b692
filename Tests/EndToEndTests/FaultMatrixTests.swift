import Foundation
import TestSupport
import Testing

/// The built `report fetch --term 1001` against a server that fails in every way of
/// `FaultScenario.all`, over real loopback sockets. Under any fault `report` either recovers (when
/// a retry or a refresh can honestly succeed) or exits with the documented code and one line on
/// stderr — never a hang, a half document on stdout, or a token in any output.
///
/// Each scenario runs three times, each against a fresh server: plain, `--json`, and with the
/// request log on (`--verbose`).
@Suite("Fault matrix", .timeLimit(.minutes(5)), .tags(.slow))
struct FaultMatrixTests {
    @Test("plain: the exit code, one line on stderr, nothing on stdout, the requests the server saw",
          arguments: FaultScenario.all)
    func plain(_ scenario: FaultScenario) async throws {
        let run = try await FaultRun.start(scenario)
        let result = try await run.report()
        let duration = result.elapsed
        run.expectOutcome(result)
        guard !result.timedOut else { return }
        if scenario.fails {
            #expect(result.stderrLines.count == 1, "stderr: \(result.stderr)")
            #expect(result.stderr.hasPrefix("report: "), "stderr: \(result.stderr)")
        } else {
            #expect(result.stdout.contains("사람인"), "stdout: \(result.stdout)")
            // Recovering is quiet: the retries show only with --verbose.
            #expect(result.stderr.isEmpty, "stderr: \(result.stderr)")
        }
        run.expectRequests(result)
        if let minimum = scenario.minimumDuration {
            #expect(duration >= minimum, "took \(duration): Retry-After was not waited out")
        }
        if scenario.maintenance {
            #expect(!run.server.server.requests(to: "/v1/service/status").isEmpty, "the status endpoint was not asked")
            #expect(result.stderr.contains("under maintenance"), "stderr: \(result.stderr)")
        }
        if case .redirectToOtherOrigin? = scenario.fault?.behaviour {
            // A GET follows it (without Authorization); the refresh grant, a POST, never does.
            let followed = !run.server.otherOrigin.requests.isEmpty
            #expect(followed == (scenario.fault?.target != .token), "the redirect was followed: \(followed)")
        }
        if scenario.tokenRequests > 0, !scenario.fails {
            let stored = try run.storedRefreshToken()
            #expect(stored != nil && stored != run.server.refreshToken, "the rotated refresh token was not stored")
        }
    }

    @Test("--json: a complete document on stdout, or one JSON error object on stderr",
          arguments: FaultScenario.all)
    func json(_ scenario: FaultScenario) async throws {
        let run = try await FaultRun.start(scenario)
        let result = try await run.report("--json")
        run.expectOutcome(result)
        guard !result.timedOut else { return }
        switch scenario.outcome {
        case .recovered:
            let document = try result.json()
            #expect(document["schemaVersion"] as? Int == 1)
            #expect((document["analysis"] as? [String: Any])?["status"] as? String == "ready")
            #expect((document["interview"] as? [String: Any])?["termNo"] as? Int == FaultServer.termNo)
            let sections = (document["sections"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(sections == ["tips", "character", "aptitude", "keywords"])
        case .fails(let status, let code):
            #expect(result.stderrLines.count == 1, "stderr: \(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any]
            let error = try #require(object?["error"] as? [String: Any], "stderr: \(result.stderr)")
            #expect(error["code"] as? String == code)
            #expect(error["exitCode"] as? Int == Int(status))
            #expect((error["message"] as? String)?.isEmpty == false)
        }
    }

    @Test("--verbose: the request log shows no token, and the error is still one line", arguments: FaultScenario.all)
    func verbose(_ scenario: FaultScenario) async throws {
        let run = try await FaultRun.start(scenario)
        let result = try await run.report("--verbose")
        run.expectOutcome(result)
        guard !result.timedOut else { return }
        run.expectRequests(result)
        // The log's lines: `* ` and the headers' `> ` and `< `.
        let isLog: (String) -> Bool = { $0.hasPrefix("* ") || $0.hasPrefix("> ") || $0.hasPrefix("< ") }
        let log = result.stderrLines.filter(isLog)
        #expect(!log.isEmpty, "no request log on stderr")
        if scenario.fails {
            let rest = result.stderrLines.filter { !isLog($0) }
            #expect(rest.count == 1 && rest.first?.hasPrefix("report: ") == true, "stderr: \(result.stderr)")
        }
    }
}

/// One run's world: a fault server of its own, and a configuration home with credentials for it
/// (removed with the run).
///
/// At most `slots` runs exist at once: the matrix's 150 cases run in parallel, and each holds two
/// listening servers and their connections — some 600 descriptors at once, which brought the
/// test process near the count at which Foundation's `Process.run()` crashes (see `RunSlots`).
final class FaultRun: Sendable {
    private static let slots = DispatchSemaphore(value: 12)

    /// Waits (off the cooperative pool) for a slot, then makes the run; the slot is given back
    /// when the run is released.
    static func start(_ scenario: FaultScenario) async throws -> FaultRun {
        try await offThePool {
            slots.wait()
            do {
                return try FaultRun(scenario)
            } catch {
                slots.signal()
                throw error
            }
        }
    }

    let scenario: FaultScenario
    let server: FaultServer
    let baseURL: String
    /// Held for the run when nothing may listen at `baseURL` (connection refused).
    let refusingPort: RefusingPort?
    let configHome: URL

    private init(_ scenario: FaultScenario) throws {
        self.scenario = scenario
        server = try FaultServer(fault: scenario.fault, maintenance: scenario.maintenance)
        if scenario.fault == nil {
            let refusing = try RefusingPort()
            refusingPort = refusing
            baseURL = "http://127.0.0.1:\(refusing.port)"
        } else {
            refusingPort = nil
            baseURL = server.baseURL
        }
        configHome = FileManager.default.temporaryDirectory.appendingPathComponent("report-faults-\(UUID().uuidString)")
        switch scenario.credentials {
        case .stored, .storedExpired:
            let directory = configHome.appendingPathComponent("report")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let document = try server.credentialsDocument(expired: scenario.credentials == .storedExpired)
            _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("credentials.json").path,
                                               contents: document, attributes: [.posixPermissions: 0o600])
        case .environment:
            break
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: configHome)
        Self.slots.signal()
    }

    /// `report fetch --term 1001` with the scenario's arguments and `extra`; killed after two minutes.
    func report(_ extra: String..., environment: [String: String] = [:]) async throws -> RunResult {
        var variables = ["REPORT_BASE_URL": baseURL, "XDG_CONFIG_HOME": configHome.path]
        if scenario.credentials == .environment { variables["REPORT_TOKEN"] = server.accessToken }
        return try await run(Paths.report, ["fetch", "--term", String(FaultServer.termNo)] + scenario.arguments + extra,
                             environment: variables.merging(environment) { $1 }, timeLimit: .seconds(120))
    }

    /// What every run must show: no hang, the exit code, stdout empty on failure, no token in any
    /// output, and no token sent to another origin.
    func expectOutcome(_ result: RunResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!result.timedOut, "report hung and was killed", sourceLocation: sourceLocation)
        switch scenario.outcome {
        case .recovered:
            #expect(result.status == 0, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
            #expect(!result.stdout.isEmpty, sourceLocation: sourceLocation)
        case .fails(let status, _):
            #expect(result.status == status, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stdout.isEmpty, "stdout: \(result.stdout)", sourceLocation: sourceLocation)
            if let message = scenario.message {
                #expect(result.stderr.contains(message), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
            }
        }
        for token in server.tokens {
            #expect(!result.stdout.contains(token), "a token on stdout", sourceLocation: sourceLocation)
            #expect(!result.stderr.contains(token), "a token on stderr", sourceLocation: sourceLocation)
        }
        for request in server.otherOrigin.requests {
            #expect(request.header("Authorization") == nil, "Authorization sent to another origin",
                    sourceLocation: sourceLocation)
            #expect(request.method == "GET", "a \(request.method) with its body went to another origin",
                    sourceLocation: sourceLocation)
        }
    }

    /// The requests the server saw: every attempt of a retried fault, one of a fault never retried,
    /// and the refreshes.
    func expectRequests(_ result: RunResult, sourceLocation: SourceLocation = #_sourceLocation) {
        if let expected = scenario.targetRequests, let target = scenario.fault?.target {
            let count = server.requests(to: target).count
            #expect((expected...(expected + scenario.extraAttemptsUnderLoad)).contains(count),
                    "the server saw \(count) requests (\(server.server.acceptedConnections) connections), expected \(expected); stderr: \(result.stderr)",
                    sourceLocation: sourceLocation)
        }
        #expect(server.requests(to: .token).count == scenario.tokenRequests, "token refreshes; stderr: \(result.stderr)",
                sourceLocation: sourceLocation)
    }

    /// The refresh token in the credentials file now.
    func storedRefreshToken() throws -> String? {
        let file = configHome.appendingPathComponent("report/credentials.json")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let profiles = document?["profiles"] as? [String: [String: Any]]
        return profiles?["default"]?["refreshToken"] as? String
    }
}
