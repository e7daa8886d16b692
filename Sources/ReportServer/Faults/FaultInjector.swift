import Synchronization

/// The fault rules in force, their counts, and their seeded draws; shared by every request and
/// changed at run time through `/_admin/faults`.
final class FaultInjector: Sendable {
    /// What to do to one request.
    struct Decision: Sendable, Equatable {
        enum Action: Sendable, Equatable {
            case status(Int, retryAfter: Int?)
            case connection(FaultKind)
        }

        /// Who asked for it: `rule 2 (name)` or `Prefer`.
        var source: String
        var delay: Duration?
        var action: Action?

        /// The kind as the log names it: `status 503 Retry-After 1`, `reset`, `delay 2s`.
        var kindDescription: String {
            let what: String
            switch action {
            case .status(let code, let retryAfter)?: what = "status \(code)" + (retryAfter.map { " Retry-After \($0)" } ?? "")
            case .connection(let kind)?: what = kind.rawValue
            case nil: what = "delay"
            }
            guard let delay else { return what }
            return what + (action == nil ? " " : " after a delay of ") + FaultDuration.text(delay)
        }
    }

    /// A rule in force and what it has done so far.
    struct ActiveRule: Sendable {
        var id: Int
        var rule: FaultRule
        var generator: SeededGenerator
        /// Requests the rule was about (method, path, term), whether it fired or not.
        var matched = 0
        var fired = 0
    }

    private struct State: Sendable {
        var seed: UInt64
        var rules: [ActiveRule] = []
        var nextID = 1
        var preferFired = 0
    }

    /// The most rules in force at once, from `faults.json` and the admin endpoint together: far
    /// more than a test asks for, and a bound on what each request is matched against.
    static let maximumRules = 256

    private let state: Mutex<State>

    init(plan: FaultPlan?, seed: UInt64?) {
        state = Mutex(State(seed: seed ?? plan?.seed ?? 0))
        for rule in plan?.rules ?? [] { _ = add(rule) }
    }

    /// Adds a rule after the others; its draws come from a generator of its own, seeded by the
    /// server's seed and the rule's id, so one rule's traffic never shifts another's. Nil, and
    /// nothing added, when `maximumRules` are in force already.
    func add(_ rule: FaultRule) -> ActiveRule? {
        state.withLock { state in
            guard state.rules.count < Self.maximumRules else { return nil }
            let id = state.nextID
            state.nextID += 1
            let active = ActiveRule(id: id, rule: rule,
                                    generator: SeededGenerator(seed: state.seed ^ (UInt64(id) &* 0xD1B5_4A32_D192_ED03)))
            state.rules.append(active)
            return active
        }
    }

    /// Removes every rule and forgets the counts; ids go on from where they were.
    func clear() {
        state.withLock { state in
            state.rules = []
            state.preferFired = 0
        }
    }

    var seed: UInt64 { state.withLock { $0.seed } }
    var rules: [ActiveRule] { state.withLock { $0.rules } }
    var preferFired: Int { state.withLock { $0.preferFired } }

    /// The fault for this request: its `Prefer` header first (as Prism does), then the first rule
    /// that matches and fires. Counts what it decides.
    func decide(prefer: [String], method: String, path: String, term: UInt32?) -> Decision? {
        if let asked = PreferHeader.decision(from: prefer) {
            state.withLock { $0.preferFired += 1 }
            return asked
        }
        return state.withLock { state -> Decision? in
            for index in state.rules.indices where state.rules[index].rule.matches(method: method, path: path, term: term) {
                state.rules[index].matched += 1
                let rule = state.rules[index].rule
                if let times = rule.times, state.rules[index].fired >= times { continue }
                if let probability = rule.probability, state.rules[index].generator.unit() >= probability { continue }
                state.rules[index].fired += 1
                let id = state.rules[index].id
                let source = "rule \(id)" + (rule.name.map { " (\($0))" } ?? "")
                switch rule.kind {
                case .status:
                    return Decision(source: source, action: .status(rule.status ?? 500, retryAfter: rule.retryAfter))
                case .delay:
                    return Decision(source: source, delay: rule.delayDuration)
                case .stall, .cut, .reset, .close, .malformed:
                    return Decision(source: source, action: .connection(rule.kind))
                }
            }
            return nil
        }
    }
}
