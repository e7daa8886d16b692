/// `faults.json` of a data directory: the rules the server starts with, and the seed of their
/// `probability` draws (`--fault-seed` overrides it).
struct FaultPlan: Sendable, Equatable {
    static let fileName = "faults.json"

    var seed: UInt64?
    var rules: [FaultRule]

    init(seed: UInt64? = nil, rules: [FaultRule] = []) {
        self.seed = seed
        self.rules = rules
    }

    init(json: JSONValue) throws(DataProblem) {
        let object = try JSONObjectReader(json, path: "", allowedKeys: ["seed", "rules"])
        seed = try object.integer("seed", in: 0...Int64.max).map { UInt64($0) }
        guard let items = try object.array("rules") else {
            throw DataProblem(path: "rules", message: "missing (an array of rules)")
        }
        guard items.count <= FaultInjector.maximumRules else {
            throw DataProblem(path: "rules", message: "\(items.count) rules; at most \(FaultInjector.maximumRules)")
        }
        var rules: [FaultRule] = []
        for (index, item) in items.enumerated() {
            rules.append(try FaultRule(json: item, path: "rules[\(index)]"))
        }
        self.rules = rules
    }
}
