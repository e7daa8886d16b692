/// Any JSON value, read with JSONDecoder, so that a hand-written check can say exactly which
/// key of a configuration file is wrong, unknown or missing (JSONDecoder ignores unknown keys,
/// which would let a misspelt `probabilty` go unnoticed).
enum JSONValue: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// What a message calls this value's type.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Reads the keys of one JSON object, each named by its path in a problem.
struct JSONObjectReader {
    let path: String
    let members: [String: JSONValue]

    init(_ value: JSONValue, path: String, allowedKeys: Set<String>) throws(DataProblem) {
        guard case .object(let members) = value else {
            throw DataProblem(path: path.isEmpty ? "top level" : path, message: "expected an object, found \(value.typeName)")
        }
        if let unknown = members.keys.sorted().first(where: { !allowedKeys.contains($0) }) {
            throw DataProblem(path: name(unknown, in: path),
                              message: "unknown key (expected one of \(allowedKeys.sorted().joined(separator: ", ")))")
        }
        self.path = path
        self.members = members
    }

    func path(of key: String) -> String { name(key, in: path) }

    func has(_ key: String) -> Bool { members[key] != nil }

    func string(_ key: String) throws(DataProblem) -> String? {
        guard let value = members[key] else { return nil }
        guard case .string(let text) = value, !text.isEmpty else {
            throw DataProblem(path: path(of: key), message: "expected a non-empty string, found \(value.typeName)")
        }
        return text
    }

    func integer(_ key: String, in range: ClosedRange<Int64>) throws(DataProblem) -> Int64? {
        guard let value = members[key] else { return nil }
        guard case .integer(let number) = value else {
            throw DataProblem(path: path(of: key), message: "expected an integer, found \(value.typeName)")
        }
        guard range.contains(number) else {
            throw DataProblem(path: path(of: key), message: "\(number) is not within \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    func number(_ key: String) throws(DataProblem) -> Double? {
        switch members[key] {
        case nil: return nil
        case .integer(let number)?: return Double(number)
        case .number(let number)?: return number
        case let value?: throw DataProblem(path: path(of: key), message: "expected a number, found \(value.typeName)")
        }
    }

    func array(_ key: String) throws(DataProblem) -> [JSONValue]? {
        guard let value = members[key] else { return nil }
        guard case .array(let items) = value else {
            throw DataProblem(path: path(of: key), message: "expected an array, found \(value.typeName)")
        }
        return items
    }
}

private func name(_ key: String, in path: String) -> String {
    path.isEmpty ? key : "\(path).\(key)"
}
