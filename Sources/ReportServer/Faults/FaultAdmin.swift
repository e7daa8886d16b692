import Foundation
import Hummingbird
import NIOCore

/// `--admin`: `/_admin/faults`, outside the contract's paths. GET lists the rules with their
/// counts, POST adds one (the body is a rule as in `faults.json`), DELETE removes them all.
/// Without `--admin` the path does not exist (404).
///
/// Both what one POST may send and how many rules there may be are bounded, so that a client
/// adding rules in a loop cannot grow the server without end: a body over `maximumRuleBytes` is
/// 413, a rule beyond `FaultInjector.maximumRules` is 409 until DELETE clears them.
struct FaultAdmin: Sendable {
    static let path = "/_admin/faults"
    static let maximumRuleBytes = 16 * 1024

    /// A rule as the endpoint shows it: the rule's keys, its id and its counts.
    struct RuleView: Encodable, Sendable {
        var id: Int
        var name: String?
        var method: String?
        var path: String
        var term: UInt32?
        var kind: String
        var status: Int?
        var retryAfter: Int?
        var delay: String?
        var times: Int?
        var probability: Double?
        var matched: Int
        var fired: Int

        init(_ active: FaultInjector.ActiveRule) {
            let rule = active.rule
            id = active.id
            name = rule.name
            method = rule.method
            path = rule.path
            term = rule.term
            kind = rule.kind.rawValue
            status = rule.status
            retryAfter = rule.retryAfter
            delay = rule.delay
            times = rule.times
            probability = rule.probability
            matched = active.matched
            fired = active.fired
        }
    }

    struct Listing: Encodable, Sendable {
        var seed: UInt64
        var rules: [RuleView]
        /// Faults asked for with `Prefer`.
        var preferFired: Int
        /// Every fault injected: the rules' and Prefer's.
        var fired: Int
    }

    let injector: FaultInjector

    func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get(RouterPath(Self.path)) { _, _ in try JSONResponse.make(self.listing()) }
        router.post(RouterPath(Self.path)) { request, _ in
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: Self.maximumRuleBytes)
            } catch is NIOTooManyBytesError {
                throw ServerError(status: .contentTooLarge, code: "content_too_large",
                                  message: "요청 본문이 너무 큽니다: 규칙 하나는 \(Self.maximumRuleBytes)바이트 이하여야 합니다.")
            }
            let rule: FaultRule
            do {
                let json = try JSONDecoder().decode(JSONValue.self, from: Data(body.readableBytesView))
                rule = try FaultRule(json: json, path: "")
            } catch let problem as DataProblem {
                throw ServerError.badRequest("\(problem.path): \(problem.message)")
            } catch {
                throw ServerError.badRequest("요청 본문은 규칙 하나의 JSON 객체여야 합니다 (ServerData/README.md의 faults.json).")
            }
            guard let added = self.injector.add(rule) else {
                throw ServerError(status: .conflict, code: "too_many_rules",
                                  message: "규칙이 이미 \(FaultInjector.maximumRules)개로 최대입니다. "
                                      + "DELETE \(Self.path)로 모두 지운 뒤 다시 추가하세요.")
            }
            return try JSONResponse.make(RuleView(added), status: .created)
        }
        router.delete(RouterPath(Self.path)) { _, _ in
            self.injector.clear()
            return Response(status: .noContent)
        }
    }

    func listing() -> Listing {
        let rules = injector.rules.map(RuleView.init)
        let preferFired = injector.preferFired
        return Listing(seed: injector.seed, rules: rules, preferFired: preferFired,
                       fired: rules.reduce(preferFired) { $0 + $1.fired })
    }
}
