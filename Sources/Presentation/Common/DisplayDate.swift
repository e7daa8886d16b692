/// Dates as the service sends them (ISO-8601 with an offset), shown as a person reads them,
/// keeping the service's own time zone: "2026-11-02 10:15 (+09:00)"; "KST" for +09:00,
/// "UTC" for Z. Text that is not such a date is shown as sent.
public enum DisplayDate {
    public static func text(_ iso: String) -> String {
        let characters = Array(iso)
        guard characters.count >= 16, characters[10] == "T" || characters[10] == " " else { return iso }
        let date = String(characters[0..<10])
        let time = String(characters[11..<16])
        var zone = ""
        if let sign = characters.lastIndex(where: { $0 == "+" || $0 == "-" }), sign > 16 {
            zone = String(characters[sign...])
        } else if characters.last == "Z" {
            zone = "Z"
        }
        switch zone {
        case "": return "\(date) \(time)"
        case "Z", "+00:00": return "\(date) \(time) UTC"
        case "+09:00": return "\(date) \(time) KST"
        default: return "\(date) \(time) (\(zone))"
        }
    }
}
