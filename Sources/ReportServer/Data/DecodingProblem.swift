/// A `DecodingError` said in one line: where in the file, and what was wrong.
struct DecodingProblem: CustomStringConvertible {
    var description: String

    init(_ error: DecodingError) {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.reduce(into: "") { text, key in
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return text.isEmpty ? "top level" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            description = "\(path(context.codingPath + [key])): missing"
        case .typeMismatch(let type, let context):
            description = "\(path(context.codingPath)): expected \(type)"
        case .valueNotFound(let type, let context):
            description = "\(path(context.codingPath)): expected \(type), found null"
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
            description = "\(path(context.codingPath)): \(context.debugDescription)\(underlying)"
        @unknown default:
            description = "\(error)"
        }
    }
}
