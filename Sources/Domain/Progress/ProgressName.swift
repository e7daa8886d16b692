/// How a trait or a game is recognised across reports, and across interview kinds: by its name,
/// with spaces trimmed and runs of spaces made one, letters compared without case ("책임감",
/// "Data  Analysis" and "data analysis" each match themselves).
public enum ProgressName {
    public static func key(_ name: String) -> String {
        name.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ").lowercased()
    }
}
