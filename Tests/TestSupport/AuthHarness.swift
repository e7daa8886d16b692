import Foundation
import Synchronization
import Testing

/// One sign-in test's world: a `report-server` of its own (refresh tokens rotate, so tests that
/// spend them cannot share a server), a configuration directory of its own, and a record of
/// every run so that `expectNoTokenLeaks()` can grep all of their output for tokens.
///
/// `report` runs as `runner` says: in-process in CLITests, the built binary in EndToEndTests (each
/// target's own `AuthHarness.start()` chooses); `run(executable:)` always starts a process.
public final class AuthHarness: Sendable {
    struct Record: Sendable {
        let arguments: [String]
        let result: RunResult
    }

    public let server: ReferenceServer
    /// The refresh tokens member 42 has at start-up (each works once).
    public let refreshTokens: [String]
    /// `XDG_CONFIG_HOME` of the runs, unless a test passes another.
    public let configHome: URL
    private let runner: ReportRunner
    private let scratch: URL
    private let records = Mutex<[Record]>([])
    /// Every token seen: the initial ones and those found in credentials files after each run.
    private let tokens = Mutex<Set<String>>([])

    /// `tokenTTL`: `--token-ttl` of the server (lifetime of issued access tokens).
    /// A fresh server and configuration home, started off the cooperative pool.
    public static func start(refreshTokenCount: Int = 1, tokenTTL: Double? = nil, runner: ReportRunner) async throws -> AuthHarness {
        try await offThePool { try AuthHarness(refreshTokenCount: refreshTokenCount, tokenTTL: tokenTTL, runner: runner) }
    }

    private init(refreshTokenCount: Int, tokenTTL: Double?, runner: ReportRunner) throws {
        self.runner = runner
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("report-auth-\(UUID().uuidString)")
        let data = scratch.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Paths.repository.appendingPathComponent("ServerData/demo"), to: data)
        refreshTokens = (0..<refreshTokenCount).map { _ in "rt-test-" + UUID().uuidString.lowercased() }
        let membersFile = data.appendingPathComponent("members.json")
        var members = try JSONSerialization.jsonObject(with: Data(contentsOf: membersFile)) as? [String: Any] ?? [:]
        var list = members["members"] as? [[String: Any]] ?? []
        for index in list.indices where list[index]["memIdx"] as? Int == 42 {
            list[index]["refreshTokens"] = refreshTokens
        }
        members["members"] = list
        try JSONSerialization.data(withJSONObject: members).write(to: membersFile)
        server = try ReferenceServer(dataDirectory: data,
                                     extraArguments: tokenTTL.map { ["--token-ttl", String($0)] } ?? [])
        configHome = scratch.appendingPathComponent("config-home")
        tokens.withLock { $0.formUnion(refreshTokens + ["demo-access-42", "demo-refresh-42"]) }
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: scratch)
    }

    /// A configuration home of its own for a second "user" of the same server.
    public func makeConfigHome() -> URL {
        scratch.appendingPathComponent("config-home-\(UUID().uuidString)")
    }

    public func configDirectory(_ home: URL? = nil) -> URL { (home ?? configHome).appendingPathComponent("report") }
    public func credentialsFile(_ home: URL? = nil) -> URL { configDirectory(home).appendingPathComponent("credentials.json") }
    public func configFile(_ home: URL? = nil) -> URL { configDirectory(home).appendingPathComponent("config.toml") }

    /// Runs `report` (as the harness's runner does) with this harness's configuration home and,
    /// unless `baseURL` says otherwise, `REPORT_BASE_URL` set to the server. Never sets
    /// REPORT_TOKEN unless asked to.
    @discardableResult
    public func report(_ arguments: String..., environment: [String: String] = [:], stdin: String? = nil,
                       home: URL? = nil, serverURLInEnvironment: Bool = true) async throws -> RunResult {
        try await run(executable: nil, arguments, environment: environment, stdin: stdin, home: home,
                serverURLInEnvironment: serverURLInEnvironment)
    }

    /// Runs `executable` (a process; nil: `report` as the runner runs it) with the harness's
    /// environment, and records the run for `expectNoTokenLeaks()`.
    @discardableResult
    public func run(executable: URL?, _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
                    home: URL? = nil, serverURLInEnvironment: Bool = true) async throws -> RunResult {
        var variables = ["XDG_CONFIG_HOME": (home ?? configHome).path]
        if serverURLInEnvironment { variables["REPORT_BASE_URL"] = server.baseURL }
        let merged = variables.merging(environment) { $1 }
        let result = if let executable {
            try await TestSupport.run(executable, arguments, environment: merged, stdin: stdin)
        } else {
            try await runner.run(arguments, merged, stdin)
        }
        if let token = environment["REPORT_TOKEN"] { tokens.withLock { _ = $0.insert(token) } }
        records.withLock { $0.append(Record(arguments: arguments, result: result)) }
        noteTokens(in: home)
        return result
    }

    /// Remembers the tokens of a credentials file, so leaks of them are looked for too.
    private func noteTokens(in home: URL?) {
        guard let profiles = try? credentials(home: home) else { return }
        tokens.withLock { tokens in
            for profile in profiles.values {
                if let access = profile["accessToken"] as? String { tokens.insert(access) }
                if let refresh = profile["refreshToken"] as? String { tokens.insert(refresh) }
            }
        }
    }

    /// The profiles of the credentials file; nil when there is no file.
    public func credentials(home: URL? = nil) throws -> [String: [String: Any]]? {
        guard let data = try? Data(contentsOf: credentialsFile(home)) else { return nil }
        let document = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return document?["profiles"] as? [String: [String: Any]]
    }

    /// Writes a credentials file as `report auth login` would (0600 in a 0700 directory).
    public func writeCredentials(_ profiles: [String: [String: Any]], home: URL? = nil) throws {
        let directory = configDirectory(home)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
        let data = try JSONSerialization.data(withJSONObject: ["version": 1, "profiles": profiles], options: [.sortedKeys])
        let file = credentialsFile(home)
        try? FileManager.default.removeItem(at: file)
        _ = FileManager.default.createFile(atPath: file.path, contents: data, attributes: [.posixPermissions: 0o600])
        tokens.withLock { tokens in
            for profile in profiles.values {
                if let access = profile["accessToken"] as? String { tokens.insert(access) }
                if let refresh = profile["refreshToken"] as? String { tokens.insert(refresh) }
            }
        }
    }

    /// Credentials for member 42 on this server.
    public func profile(accessToken: String, expiresAt: Int, refreshToken: String, baseURL: String? = nil) -> [String: Any] {
        ["baseURL": baseURL ?? server.baseURL, "memIdx": 42, "accessToken": accessToken,
         "accessTokenExpiresAt": expiresAt, "refreshToken": refreshToken]
    }

    public func writeConfig(_ text: String, home: URL? = nil) throws {
        let directory = configDirectory(home)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
        try Data(text.utf8).write(to: configFile(home))
    }

    /// Signs in with the `index`th refresh token; the run must succeed.
    @discardableResult
    public func login(_ extra: String..., index: Int = 0, home: URL? = nil, serverURLInEnvironment: Bool = true,
                      sourceLocation: SourceLocation = #_sourceLocation) async throws -> RunResult {
        let result = try await run(executable: nil, ["auth", "login", "--with-token"] + extra,
                             stdin: refreshTokens[index] + "\n", home: home,
                             serverURLInEnvironment: serverURLInEnvironment)
        #expect(result.status == 0, "login failed: \(result.stderr)", sourceLocation: sourceLocation)
        return result
    }

    /// Seconds since 1970.
    public static var now: Int { Int(Date().timeIntervalSince1970) }

    /// No token may appear in any output of this harness's runs, except on the stdout of
    /// `report auth token`, whose whole point is to print one.
    public func expectNoTokenLeaks(sourceLocation: SourceLocation = #_sourceLocation) {
        noteTokens(in: nil)
        let tokens = self.tokens.withLock { $0 }
        for record in records.withLock({ $0 }) {
            let printsToken = record.arguments.starts(with: ["auth", "token"])
            for token in tokens {
                #expect(!record.result.stderr.contains(token),
                        "stderr of report \(record.arguments.joined(separator: " ")) shows a token",
                        sourceLocation: sourceLocation)
                if !printsToken {
                    #expect(!record.result.stdout.contains(token),
                            "stdout of report \(record.arguments.joined(separator: " ")) shows a token",
                            sourceLocation: sourceLocation)
                }
            }
        }
    }

    /// How many runs were recorded (so a test can check the leak check saw them).
    public var runCount: Int { records.withLock { $0.count } }
}

/// How a harness runs `report`: the built binary, or (CLITests) the command in-process.
public struct ReportRunner: Sendable {
    /// Runs `report` with these arguments, environment (before `testEnvironment`) and stdin.
    public let run: @Sendable (_ arguments: [String], _ environment: [String: String], _ stdin: String?) async throws -> RunResult

    public init(_ run: @escaping @Sendable (_ arguments: [String], _ environment: [String: String], _ stdin: String?) async throws -> RunResult) {
        self.run = run
    }

    /// The built `report`, a process of its own.
    public static let binary = ReportRunner { arguments, environment, stdin in
        try await TestSupport.run(Paths.report, arguments, environment: environment, stdin: stdin)
    }
}
