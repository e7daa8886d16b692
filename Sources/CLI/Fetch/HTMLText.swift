/// Text made safe for HTML: in an element's content or a quoted attribute value, `&`, `<`, `>`,
/// `"` and `'` become character references, so nothing from the service can open a tag, end an
/// attribute or start a script. Control characters (which HTML forbids; the DTO mapping already
/// drops them) are dropped here too, but for the line break.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
