/// Takes secrets out of what the log hook sees: credentials in headers and token fields in JSON.
enum Redactor {
    static let placeholder = "[REDACTED]"

    /// `Name: value`, with the value replaced for Authorization, Cookie, Set-Cookie and any field
    /// whose name mentions a token, a key, a secret or a password.
    static func header(_ field: HTTPHeaders.Field) -> String {
        let value = isSensitive(header: field.name) ? placeholder : TextSanitizer.oneLine(field.value, maxLength: 200)
        return "\(TextSanitizer.oneLine(field.name, maxLength: 60)): \(value)"
    }

    static func isSensitive(header name: String) -> Bool {
        let name = name.lowercased()
        return ["authorization", "proxy-authorization", "cookie", "set-cookie"].contains(name)
            || ["token", "secret", "password", "api-key", "apikey"].contains { name.contains($0) }
    }

    /// JSON with the string value of every sensitive key (accessToken, refreshToken, password, …)
    /// replaced. Works on text that is not valid JSON too: it only tracks string literals.
    static func json(_ text: String) -> String {
        var output = ""
        var scalars = text.unicodeScalars[...]
        var lastString: String?
        var redactNextString = false
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\"":
                var literal = "\""
                var content = ""
                var escaped = false
                while let next = scalars.popFirst() {
                    literal.unicodeScalars.append(next)
                    if escaped {
                        escaped = false
                        content.unicodeScalars.append(next)
                    } else if next == "\\" {
                        escaped = true
                    } else if next == "\"" {
                        break
                    } else {
                        content.unicodeScalars.append(next)
                    }
                }
                if redactNextString {
                    output += "\"\(placeholder)\""
                    redactNextString = false
                    lastString = nil
                } else {
                    output += literal
                    lastString = content
                }
            case ":":
                output += ":"
                redactNextString = lastString.map(isSensitive(key:)) ?? false
                lastString = nil
            case _ where scalar.properties.isWhitespace:
                output.unicodeScalars.append(scalar)
            default:
                output.unicodeScalars.append(scalar)
                lastString = nil
                redactNextString = false
            }
        }
        return output
    }

    /// The URL with the value of every sensitive query parameter (`access_token=…`) replaced.
    static func url(_ url: String) -> String {
        guard let mark = url.firstIndex(of: "?") else { return url }
        let fragmentStart = url[mark...].firstIndex(of: "#") ?? url.endIndex
        let query = url[url.index(after: mark)..<fragmentStart]
        let redacted = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "="), isSensitive(key: String(pair[..<equals])) else { return String(pair) }
            return pair[..<equals] + "=" + placeholder
        }
        return url[...mark] + redacted.joined(separator: "&") + url[fragmentStart...]
    }

    static func isSensitive(key: String) -> Bool {
        let key = key.lowercased()
        return ["token", "secret", "password", "authorization", "cookie", "api_key", "apikey", "api-key"]
            .contains { key.contains($0) }
    }
}
