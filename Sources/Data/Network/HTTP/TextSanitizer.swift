/// Makes text from a server or a library safe to print on one terminal line.
enum TextSanitizer {
    /// Drops control characters (escape sequences included), folds every run of whitespace into one
    /// space and cuts the result to `maxLength` characters, marking a cut with "…".
    static func oneLine(_ text: some StringProtocol, maxLength: Int = 200) -> String {
        var result = ""
        var pendingSpace = false
        var count = 0
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if isUnprintable(scalar) { continue }
            if pendingSpace {
                result.unicodeScalars.append(" ")
                count += 1
                pendingSpace = false
            }
            result.unicodeScalars.append(scalar)
            count += 1
            if count >= maxLength {
                return result + "…"
            }
        }
        return result
    }

    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator:
            true
        default:
            false
        }
    }
}
