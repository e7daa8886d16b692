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
