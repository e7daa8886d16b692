import Terminal
/// Takes secrets out of what the log hook sees: credentials in headers and token fields in JSON.
/// `url(_:)` is also what every error message that shows a URL or a path passes it through, so
/// that a message says no more than `--verbose` does.
public enum Redactor {
    static let placeholder = "[REDACTED]"

    /// `Name: value`, with the value replaced for Authorization, Cookie, Set-Cookie and any field
    /// whose name mentions a token, a key, a secret or a password.
    static func header(_ field: HTTPHeaders.Field) -> String {
        let value = isSensitive(header: field.name) ? placeholder : PrintableText.oneLine(field.value, maxLength: 200)
        return "\(PrintableText.oneLine(field.name, maxLength: 60)): \(value)"
    }

    static func isSensitive(header name: String) -> Bool {
        let name = name.lowercased()
        return ["authorization", "proxy-authorization", "cookie", "set-cookie"].contains(name)
            || ["token", "secret", "password", "api-key", "apikey"].contains { name.contains($0) }
    }

    /// JSON with the value of every sensitive key (accessToken, refreshToken, password, …)
    /// replaced, whatever its type (a string, a number, an object, an array). Keys are compared
    /// after their escapes are decoded (`"refresh\u0054oken"` is refreshToken). Works on text that
    /// is not valid JSON too: it only tracks string literals and bracket depth.
    static func json(_ text: String) -> String {
        var output = ""
        var scalars = text.unicodeScalars[...]
        /// The last string literal, decoded, while it may still be a key.
        var lastString: String?
        while let scalar = scalars.first {
            switch scalar {
            case "\"":
                let (literal, content) = readString(&scalars)
                output += literal
                lastString = content
            case ":":
                scalars.removeFirst()
                output += ":"
                if let key = lastString, isSensitive(key: key) {
                    while let space = scalars.first, space.properties.isWhitespace {
                        output.unicodeScalars.append(space)
                        scalars.removeFirst()
                    }
                    if !scalars.isEmpty {
                        skipValue(&scalars)
                        output += "\"\(placeholder)\""
                    }
                }
                lastString = nil
            default:
                scalars.removeFirst()
                output.unicodeScalars.append(scalar)
                if !scalar.properties.isWhitespace { lastString = nil }
            }
        }
        return output
    }

    /// Consumes a string literal (from its opening quote) and returns it as written and decoded.
    private static func readString(_ scalars: inout Substring.UnicodeScalarView) -> (literal: String, content: String) {
        var literal = String(scalars.removeFirst())
        var content = String.UnicodeScalarView()
        while let next = scalars.popFirst() {
            literal.unicodeScalars.append(next)
            if next == "\"" { break }
            guard next == "\\", let escape = scalars.popFirst() else {
                content.append(next)
                continue
            }
            literal.unicodeScalars.append(escape)
            switch escape {
            case "n": content.append("\n")
            case "t": content.append("\t")
            case "r": content.append("\r")
            case "b": content.append("\u{08}")
            case "f": content.append("\u{0C}")
            case "u":
                let hex = String(String.UnicodeScalarView(scalars.prefix(4)))
                guard hex.count == 4, let value = UInt32(hex, radix: 16) else {
                    content.append(escape)
                    continue
                }
                scalars.removeFirst(4)
                literal += hex
                // A surrogate is kept as U+FFFD: only the key's letters matter here.
                content.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            default: content.append(escape)
            }
        }
        return (literal, String(content))
    }

    /// Consumes one JSON value: a string, an object or array (to its matching bracket), or a
    /// bare word (number, true, false, null) up to the next delimiter.
    private static func skipValue(_ scalars: inout Substring.UnicodeScalarView) {
        guard let first = scalars.first else { return }
        if first == "\"" {
            _ = readString(&scalars)
            return
        }
        if first == "{" || first == "[" {
            var depth = 0
            while let scalar = scalars.first {
                if scalar == "\"" {
                    _ = readString(&scalars)
                    continue
                }
                scalars.removeFirst()
                if scalar == "{" || scalar == "[" { depth += 1 }
                if scalar == "}" || scalar == "]" {
                    depth -= 1
                    if depth == 0 { return }
                }
            }
            return
        }
        while let scalar = scalars.first, !",}]".unicodeScalars.contains(scalar), !scalar.properties.isWhitespace {
            scalars.removeFirst()
        }
    }

    /// The URL (or a path with a query) with the password of its user information
    /// (`//user:password@host`) and the value of every sensitive query parameter
    /// (`access_token=…`) replaced.
    public static func url(_ url: String) -> String {
        let url = withoutPassword(url)
        guard let mark = url.firstIndex(of: "?") else { return url }
        let fragmentStart = url[mark...].firstIndex(of: "#") ?? url.endIndex
        let query = url[url.index(after: mark)..<fragmentStart]
        let redacted = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "="), isSensitive(key: String(pair[..<equals])) else { return String(pair) }
            return pair[..<equals] + "=" + placeholder
        }
        return url[...mark] + redacted.joined(separator: "&") + url[fragmentStart...]
    }

    /// `scheme://user:password@host…` (or `//user:password@host…`) with the password replaced.
    private static func withoutPassword(_ url: String) -> String {
        guard let slashes = url.firstRange(of: "//") else { return url }
        let scheme = url[..<slashes.lowerBound]
        guard scheme.isEmpty || (scheme.hasSuffix(":") && !scheme.contains(where: { "/?#".contains($0) })) else { return url }
        let authority = url[slashes.upperBound...].prefix { !"/?#".contains($0) }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return url }
        return url[...colon] + placeholder + url[at...]
    }

    static func isSensitive(key: String) -> Bool {
        let key = key.lowercased()
        return ["token", "secret", "password", "authorization", "cookie", "api_key", "apikey", "api-key"]
            .contains { key.contains($0) }
    }
}
