/// Dates as the service sends them (ISO-8601 with an offset), shown as a person reads them,
/// keeping the service's own time zone: "2026-11-02 10:15 (+09:00)"; "KST" for +09:00,
/// "UTC" for Z. Text that is not such a date is shown as sent.
public enum DisplayDate {
    public static func text(_ iso: String) -> String {
        // An ISO-8601 date is ASCII, so it is read as bytes (as Characters, this was a tenth of
        // the time a batch spent formatting a report); anything else is not a date.
        let bytes = Array(iso.utf8)
        guard bytes.count >= 16, bytes.allSatisfy({ $0 < 0x80 }),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " ") else { return iso }
        let date = String(decoding: bytes[0..<10], as: UTF8.self)
        let time = String(decoding: bytes[11..<16], as: UTF8.self)
        var zone = ""
        if let sign = bytes.lastIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }), sign > 16 {
            zone = String(decoding: bytes[sign...], as: UTF8.self)
        } else if bytes.last == UInt8(ascii: "Z") {
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
