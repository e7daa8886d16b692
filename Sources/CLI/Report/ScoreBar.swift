/// A score drawn with Unicode blocks, `█████████░`: the terminal view and the Markdown view draw
/// the same bar from the same fraction, so a pasted report reads as the terminal showed it.
enum ScoreBar {
    static let cells = 10

    /// `fraction` (0…1) of `cells` cells filled, rounded to the nearest cell.
    static func text(_ fraction: Double) -> String {
        let filled = min(max(Int((fraction * Double(cells)).rounded()), 0), cells)
        return String(repeating: "█", count: filled) + String(repeating: "░", count: cells - filled)
    }
}
