/// Colour and emphasis for a terminal, or nothing at all: on only when the stream is a terminal
/// and `NO_COLOR` is unset (https://no-color.org).
struct TextStyle: Sendable {
    let enabled: Bool

    static let plain = TextStyle(enabled: false)

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func cyan(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
