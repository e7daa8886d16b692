import Foundation

/// One rule of `faults.json` or of `POST /_admin/faults`: which requests it matches, what it
/// does to them, and how often (see ServerData/README.md).
struct FaultRule: Sendable, Equatable {
    static let keys: Set<String> = ["name", "method", "path", "term", "kind", "status", "retryAfter", "delay", "times",
                                    "probability"]
    /// Statuses a `status` fault may answer: it is a fault, so an error.
    static let statuses: ClosedRange<Int64> = 400...599

    var name: String?
    /// Upper case; nil matches every method.
    var method: String?
    /// Split at `/`; a `*` segment matches any one segment.
    var path: String
    /// The interview the request is about: the `termNo` query parameter or `/v1/interviews/{termNo}`.
    var term: UInt32?
    var kind: FaultKind
    var status: Int?
    /// Seconds, sent as `Retry-After` with a `status` fault.
    var retryAfter: Int?
    /// How long a `delay` fault waits, as written (`"1500ms"`).
    var delay: String?
    /// Fires for the first N requests it matches, then never again; nil: no limit.
    var times: Int?
    /// Fires for a matching request with this probability, drawn from the seeded generator.
    var probability: Double?

    var delayDuration: Duration? { delay.flatMap(FaultDuration.parse) }

    /// Reads and checks one rule; a problem names the key at fault under `path`.
    init(json: JSONValue, path: String) throws(DataProblem) {
        let object = try JSONObjectReader(json, path: path, allowedKeys: Self.keys)
        name = try object.string("name")
        if let method = try object.string("method") {
            guard method.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) else {
                throw DataProblem(path: object.path(of: "method"), message: "\(DataProblem.quoted(method)) is not an HTTP method such as GET")
            }
            self.method = method.uppercased()
        }
        guard let path = try object.string("path") else {
            throw DataProblem(path: object.path(of: "path"), message: "missing (the request path, e.g. /v1/analysis/report)")
        }
        guard path.hasPrefix("/"), !path.contains("?") else {
            throw DataProblem(path: object.path(of: "path"), message: "\(DataProblem.quoted(path)) must start with / and have no query (use term)")
        }
        guard !path.hasPrefix(FaultAdmin.path) else {
            throw DataProblem(path: object.path(of: "path"), message: "the admin endpoint cannot be faulted")
        }
        self.path = path
        term = try object.integer("term", in: 1...Int64(UInt32.max)).map { UInt32($0) }
        guard let kindName = try object.string("kind") else {
            throw DataProblem(path: object.path(of: "kind"),
                              message: "missing (one of \(FaultKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard let kind = FaultKind(rawValue: kindName) else {
            throw DataProblem(path: object.path(of: "kind"),
                              message: "\(DataProblem.quoted(kindName)) is not one of \(FaultKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.kind = kind
        status = try object.integer("status", in: Self.statuses).map { Int($0) }
        retryAfter = try object.integer("retryAfter", in: 0...86_400).map { Int($0) }
        delay = try object.string("delay")
        times = try object.integer("times", in: 1...Int64(Int32.max)).map { Int($0) }
        probability = try object.number("probability")

        if kind == .status, status == nil {
            throw DataProblem(path: object.path(of: "status"), message: "missing (a status fault answers this status, 400...599)")
        }
        for (key, onlyFor) in [("status", FaultKind.status), ("retryAfter", .status), ("delay", .delay)]
        where object.has(key) && kind != onlyFor {
            throw DataProblem(path: object.path(of: key), message: "only a \(onlyFor.rawValue) fault takes \(key)")
        }
        if kind == .delay {
            guard let delay else {
                throw DataProblem(path: object.path(of: "delay"), message: "missing (how long to wait, e.g. \"2s\" or \"500ms\")")
            }
            guard FaultDuration.parse(delay) != nil else {
                throw DataProblem(path: object.path(of: "delay"),
                                  message: "\(DataProblem.quoted(delay)) is not a duration of at most 10m such as \"2s\" or \"500ms\"")
            }
        }
        if let probability, !(probability > 0 && probability <= 1) {
            throw DataProblem(path: object.path(of: "probability"), message: "\(probability) is not within (0, 1]")
        }
    }

    /// Whether the rule is about this request (not whether it fires: `times` and `probability` decide that).
    func matches(method requestMethod: String, path requestPath: String, term requestTerm: UInt32?) -> Bool {
        if let method, method != requestMethod { return false }
        if let term, term != requestTerm { return false }
        let pattern = path.split(separator: "/")
        let segments = requestPath.split(separator: "/")
        return pattern.count == segments.count
            && zip(pattern, segments).allSatisfy { expected, segment in expected == "*" || expected == segment }
    }
}
