import Foundation
@testable import ReportServer
import Testing

/// `faults.json` and the rules of `POST /_admin/faults`: what a rule may say, and the one line that
/// names the key at fault when it says something wrong.
@Suite struct FaultRuleTests {
    func plan(_ text: String) throws(DataProblem) -> FaultPlan {
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        } catch {
            throw DataProblem(path: "top level", message: "not JSON")
        }
        return try FaultPlan(json: json)
    }

    func problem(_ text: String) -> String? {
        do {
            _ = try plan(text)
            return nil
        } catch {
            return "\(error.path): \(error.message)"
        }
    }

    @Test func everyKindReads() throws {
        let read = try plan("""
            {"seed": 7, "rules": [
              {"name": "report-503", "method": "get", "path": "/v1/analysis/report", "term": 1001,
               "kind": "status", "status": 503, "retryAfter": 1, "times": 2},
              {"path": "/v1/interviews/*", "kind": "delay", "delay": "1500ms", "probability": 0.25},
              {"path": "/v1/me", "kind": "stall"}, {"path": "/v1/me", "kind": "cut"}, {"path": "/v1/me", "kind": "reset"},
              {"path": "/v1/me", "kind": "close"}, {"path": "/v1/me", "kind": "malformed"}
            ]}
            """)
        #expect(read.seed == 7)
        #expect(read.rules.map(\.kind) == [.status, .delay, .stall, .cut, .reset, .close, .malformed])
        let first = try #require(read.rules.first)
        #expect(first.method == "GET" && first.term == 1001 && first.status == 503 && first.retryAfter == 1 && first.times == 2)
        #expect(read.rules[1].delayDuration == .milliseconds(1500))
        #expect(read.rules[1].probability == 0.25)
    }

    @Test(arguments: [
        (#"{"rules": [{"path": "/v1/me", "kind": "explode"}]}"#,
         "rules[0].kind: 'explode' is not one of status, delay, stall, cut, reset, close, malformed"),
        (#"{"rules": [{"path": "/v1/me"}]}"#, "rules[0].kind: missing (one of status, delay, stall, cut, reset, close, malformed)"),
        (#"{"rules": [{"kind": "reset"}]}"#, "rules[0].path: missing (the request path, e.g. /v1/analysis/report)"),
        (#"{"rules": [{"path": "/v1/me", "kind": "status"}]}"#, "rules[0].status: missing (a status fault answers this status, 400...599)"),
        (#"{"rules": [{"path": "/v1/me", "kind": "status", "status": 200}]}"#, "rules[0].status: 200 is not within 400...599"),
        (#"{"rules": [{"path": "/v1/me", "kind": "status", "status": "503"}]}"#, "rules[0].status: expected an integer, found a string"),
        (#"{"rules": [{"path": "/v1/me", "kind": "reset", "status": 503}]}"#, "rules[0].status: only a status fault takes status"),
        (#"{"rules": [{"path": "/v1/me", "kind": "delay"}]}"#, #"rules[0].delay: missing (how long to wait, e.g. "2s" or "500ms")"#),
        (#"{"rules": [{"path": "/v1/me", "kind": "delay", "delay": "soon"}]}"#,
         #"rules[0].delay: 'soon' is not a duration of at most 10m such as "2s" or "500ms""#),
        (#"{"rules": [{"path": "/v1/me", "kind": "reset", "probabilty": 0.5}]}"#,
         "rules[0].probabilty: unknown key (expected one of delay, kind, method, name, path, probability, retryAfter, status, term, times)"),
        (#"{"rules": [{"path": "/v1/me", "kind": "reset", "probability": 1.5}]}"#, "rules[0].probability: 1.5 is not within (0, 1]"),
        (#"{"rules": [{"path": "/v1/me", "kind": "reset", "times": 0}]}"#, "rules[0].times: 0 is not within 1...2147483647"),
        (#"{"rules": [{"path": "/v1/me", "kind": "reset", "term": 0}]}"#, "rules[0].term: 0 is not within 1...4294967295"),
        (#"{"rules": [{"path": "v1/me", "kind": "reset"}]}"#, "rules[0].path: 'v1/me' must start with / and have no query (use term)"),
        (#"{"rules": [{"path": "/_admin/faults", "kind": "reset"}]}"#, "rules[0].path: the admin endpoint cannot be faulted"),
        (#"{"rules": [{"path": "/v1/me", "kind": "reset", "method": "G T"}]}"#, "rules[0].method: 'G T' is not an HTTP method such as GET"),
        (#"{"rules": {}}"#, "rules: expected an array, found an object"),
        (#"{"seed": -1, "rules": []}"#, "seed: -1 is not within 0...9223372036854775807"),
        (#"{"rule": []}"#, "rule: unknown key (expected one of rules, seed)"),
        (#"[]"#, "top level: expected an object, found an array"),
    ])
    func aBadRuleNamesItsKey(text: String, expected: String) {
        #expect(problem(text) == expected)
    }

    @Test func aFileOfMoreThan256RulesIsRefused() throws {
        func rules(_ count: Int) -> String {
            #"{"rules": ["# + Array(repeating: #"{"path": "/v1/me", "kind": "reset"}"#, count: count).joined(separator: ", ") + "]}"
        }
        #expect(try plan(rules(256)).rules.count == 256)
        #expect(problem(rules(257)) == "rules: 257 rules; at most 256")
    }

    @Test func matchingIsByMethodPathAndTerm() throws {
        let rules = try plan("""
            {"rules": [{"method": "GET", "path": "/v1/interviews/*", "term": 1001, "kind": "reset"},
                       {"path": "/v1/analysis/report", "kind": "reset"}]}
            """).rules
        #expect(rules[0].matches(method: "GET", path: "/v1/interviews/1001", term: 1001))
        #expect(!rules[0].matches(method: "HEAD", path: "/v1/interviews/1001", term: 1001))
        #expect(!rules[0].matches(method: "GET", path: "/v1/interviews/1002", term: 1002))
        #expect(!rules[0].matches(method: "GET", path: "/v1/interviews", term: nil))
        #expect(rules[1].matches(method: "POST", path: "/v1/analysis/report", term: nil), "no method: every method")
        #expect(!rules[1].matches(method: "GET", path: "/v1/analysis/video-report", term: 1001))
    }

    @Test(arguments: [("2s", Duration.seconds(2)), ("500ms", .milliseconds(500)), ("1.5", .milliseconds(1500)),
                      ("1m", .seconds(60)), ("10m", .seconds(600))])
    func durations(text: String, duration: Duration) {
        #expect(FaultDuration.parse(text) == duration)
    }

    @Test(arguments: ["", "s", "-1s", "11m", "2 s", "1h", "abc"])
    func badDurations(text: String) {
        #expect(FaultDuration.parse(text) == nil)
    }

    @Test func preferAsksForOneAnswer() {
        typealias Decision = FaultInjector.Decision
        #expect(PreferHeader.decision(from: ["code=503"]) == Decision(source: "Prefer", action: .status(503, retryAfter: nil)))
        #expect(PreferHeader.decision(from: ["code=429, retry-after=2"])
                == Decision(source: "Prefer", action: .status(429, retryAfter: 2)))
        #expect(PreferHeader.decision(from: ["fault=reset"]) == Decision(source: "Prefer", action: .connection(.reset)))
        #expect(PreferHeader.decision(from: ["delay=2s"]) == Decision(source: "Prefer", delay: .seconds(2)))
        #expect(PreferHeader.decision(from: ["delay=\"1s\"", "code=500"])
                == Decision(source: "Prefer", delay: .seconds(1), action: .status(500, retryAfter: nil)))
        // Preferences it cannot use are ignored, as RFC 7240 allows.
        for ignored in ["return=minimal", "code=200", "code=abc", "fault=status", "fault=explode", "delay=forever", "respond-async"] {
            #expect(PreferHeader.decision(from: [ignored]) == nil, "\(ignored)")
        }
    }
}

/// The rules in force: which fires, how often, and the counts the admin endpoint shows.
@Suite struct FaultInjectorTests {
    func rule(_ text: String) throws -> FaultRule {
        try FaultRule(json: try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)), path: "")
    }

    @Test func timesLimitsFiringAndCountsEveryMatch() throws {
        let injector = FaultInjector(plan: FaultPlan(rules: [try rule(#"{"path": "/v1/me", "kind": "status", "status": 503, "times": 2}"#)]),
                                     seed: nil)
        let decisions = (0..<4).map { _ in injector.decide(prefer: [], method: "GET", path: "/v1/me", term: nil) }
        #expect(decisions.map { $0?.action } == [.status(503, retryAfter: nil), .status(503, retryAfter: nil), nil, nil])
        #expect(decisions.first??.source == "rule 1")
        #expect(injector.decide(prefer: [], method: "GET", path: "/v1/interviews", term: nil) == nil)
        #expect(injector.rules.map(\.matched) == [4])
        #expect(injector.rules.map(\.fired) == [2])
    }

    @Test func aRuleThatDoesNotFireLetsTheNextOneTry() throws {
        let injector = FaultInjector(plan: FaultPlan(rules: [
            try rule(#"{"name": "first", "path": "/v1/me", "kind": "reset", "times": 1}"#),
            try rule(#"{"name": "then", "path": "/v1/me", "kind": "close"}"#),
        ]), seed: nil)
        let sources = (0..<3).map { _ in injector.decide(prefer: [], method: "GET", path: "/v1/me", term: nil)?.source }
        #expect(sources == ["rule 1 (first)", "rule 2 (then)", "rule 2 (then)"])
    }

    @Test func probabilityDrawsRepeatWithTheSeedAndDifferWithAnother() throws {
        let half = try rule(#"{"path": "/v1/me", "kind": "reset", "probability": 0.5}"#)
        func pattern(seed: UInt64?) -> [Bool] {
            let injector = FaultInjector(plan: FaultPlan(seed: 3, rules: [half]), seed: seed)
            return (0..<64).map { _ in injector.decide(prefer: [], method: "GET", path: "/v1/me", term: nil) != nil }
        }
        #expect(pattern(seed: nil) == pattern(seed: 3), "the file's seed when no flag is given")
        #expect(pattern(seed: 11) == pattern(seed: 11))
        #expect(pattern(seed: 11) != pattern(seed: 12))
        let fired = pattern(seed: 11).filter { $0 }.count
        #expect((16...48).contains(fired), "about half of 64: \(fired)")
    }

    @Test func addingBeyondTheBoundAddsNothingAndTakesNoID() throws {
        let reset = try rule(#"{"path": "/v1/me", "kind": "reset"}"#)
        let injector = FaultInjector(plan: FaultPlan(rules: Array(repeating: reset, count: FaultInjector.maximumRules)), seed: nil)
        #expect(injector.add(reset) == nil)
        #expect(injector.rules.count == FaultInjector.maximumRules)
        injector.clear()
        #expect(injector.add(reset)?.id == FaultInjector.maximumRules + 1)
    }

    @Test func preferComesFirstAndIsCountedApart() throws {
        let injector = FaultInjector(plan: FaultPlan(rules: [try rule(#"{"path": "/v1/me", "kind": "reset"}"#)]), seed: nil)
        #expect(injector.decide(prefer: ["code=500"], method: "GET", path: "/v1/me", term: nil)?.source == "Prefer")
        #expect(injector.preferFired == 1)
        #expect(injector.rules.map(\.fired) == [0])
        injector.clear()
        #expect(injector.rules.isEmpty && injector.preferFired == 0)
        #expect(injector.add(try rule(#"{"path": "/v1/me", "kind": "close"}"#))?.id == 2, "ids go on after a clear")
    }
}
