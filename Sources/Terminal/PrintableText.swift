/// Text from the user or the service made safe for a one-line message: control characters (which
/// could break the line or rewrite the terminal) are dropped and the length is capped.
public enum PrintableText {
    public static func line(_ text: String, maxLength: Int = 200) -> String {
        let scalars = text.unicodeScalars.filter { $0.properties.generalCategory != .control }
        guard scalars.count > maxLength else { return String(String.UnicodeScalarView(scalars)) }
        return String(String.UnicodeScalarView(scalars.prefix(maxLength))) + "…"
    }
}
