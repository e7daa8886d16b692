/// What a token may look like. Tokens go into an HTTP header, so anything but visible ASCII
/// (spaces, CR, LF, …) is refused rather than sent.
enum TokenSyntax {
    static let maxLength = 4096

    static func isWellFormed(_ token: String) -> Bool {
        !token.isEmpty && token.utf8.count <= maxLength && token.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// At most a 4-character prefix and an ellipsis (`at_9…`), and less of a short token, so a
    /// masked token never gives away enough to guess it.
    static func masked(_ token: String) -> String {
        String(token.prefix(min(4, token.count / 4))) + "…"
    }
}
