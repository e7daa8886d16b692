/// Text made safe for HTML and XML (the shared report page, JUnit XML): in an element's content or
/// a quoted attribute value, `&`, `<`, `>`, `"` and `'` become character references, so nothing
/// from the service can open a tag, end an attribute or start a script. Characters neither allows
/// — control characters but the line break and the tab, C1 controls, U+FFFE and U+FFFF — are
/// dropped.
public enum MarkupText {
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
