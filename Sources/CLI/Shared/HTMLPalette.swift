/// The HTML report's colours, light on white for screen and paper alike. Every pair of text and
/// the background it sits on that the style sheet uses is listed in `textPairs`, and every
/// graphic that carries meaning against what is beside it in `graphicPairs`, so that a test can
/// hold them to WCAG 2 AA: 4.5:1 for text, 3:1 for graphics (HTMLPaletteTests).
enum HTMLPalette {
    static let page = "#ffffff"
    static let text = "#1f2328"
    /// Secondary text: the meta line, comments, measures.
    static let muted = "#57606a"
    static let rule = "#d0d7de"
    /// A tip's category.
    static let tagText = "#0a3069"
    static let tagBackground = "#ddf4ff"
    /// A keyword.
    static let chipText = "#1f2328"
    static let chipBackground = "#eaeef2"
    /// A trait's level: a tendency's strength, not good or bad, so one hue in three
    /// intensities (strong, light, faint) — never the green and amber of the status.
    static let highText = "#ffffff"
    static let highBackground = "#0a3069"
    static let mediumText = "#0a3069"
    static let mediumBackground = "#b6e3ff"
    static let lowText = "#0a3069"
    static let lowBackground = "#f1f8ff"
    /// The analysis status on the meta line.
    static let readyText = "#116329"
    static let pendingText = "#7d4e00"
    static let failedText = "#a40e26"
    /// A score bar and the percentile gauge: the filled part on its track.
    static let barFill = "#0969da"
    static let barTrack = "#eaeef2"

    struct Pair: Sendable {
        let name: String
        let foreground: String
        let background: String
    }

    static let textPairs: [Pair] = [
        Pair(name: "text", foreground: text, background: page),
        Pair(name: "muted", foreground: muted, background: page),
        Pair(name: "tag", foreground: tagText, background: tagBackground),
        Pair(name: "chip", foreground: chipText, background: chipBackground),
        Pair(name: "level high", foreground: highText, background: highBackground),
        Pair(name: "level medium", foreground: mediumText, background: mediumBackground),
        Pair(name: "level low", foreground: lowText, background: lowBackground),
        Pair(name: "status ready", foreground: readyText, background: page),
        Pair(name: "status pending", foreground: pendingText, background: page),
        Pair(name: "status failed", foreground: failedText, background: page),
    ]

    static let graphicPairs: [Pair] = [
        Pair(name: "bar fill on its track", foreground: barFill, background: barTrack),
        Pair(name: "bar fill on the page", foreground: barFill, background: page),
    ]
}
