import Terminal
/// The HTML report's pictures, as inline SVG (no image files, no scripts): a score bar and the
/// percentile gauge. Each is an image with a text alternative, since the numbers beside it are
/// what a screen reader should say.
enum HTMLGraphics {
    /// A horizontal bar filled to `fraction` (0…1), as wide as its container.
    static func bar(_ fraction: Double, label: String) -> String {
        let filled = percent(fraction)
        return "<svg class=\"bar\" width=\"100%\" height=\"10\" role=\"img\" aria-label=\"\(MarkupText.escape(label))\">"
            + "<rect width=\"100%\" height=\"10\" rx=\"5\" fill=\"\(HTMLPalette.barTrack)\"/>"
            + (filled == "0" ? "" : "<rect width=\"\(filled)%\" height=\"10\" rx=\"5\" fill=\"\(HTMLPalette.barFill)\"/>")
            + "</svg>"
    }

    /// A half-circle gauge filled to `percentile` (0–100) from the left, `caption` and `value` in
    /// its middle — "top" over "26%", so that the gauge reads as where a member stands, not as a
    /// score of 74. The arc is drawn as a dash of a path whose length is declared 100, so no
    /// trigonometry is needed.
    static func gauge(percentile: Int, caption: String, value text: String, label: String) -> String {
        let value = min(max(percentile, 0), 100)
        let arc = "M12 62 A48 48 0 0 1 108 62"
        return "<svg class=\"gauge\" viewBox=\"0 0 120 70\" width=\"150\" height=\"88\" role=\"img\" aria-label=\"\(MarkupText.escape(label))\">"
            + "<path d=\"\(arc)\" fill=\"none\" stroke=\"\(HTMLPalette.barTrack)\" stroke-width=\"14\"/>"
            + (value == 0 ? "" : "<path d=\"\(arc)\" fill=\"none\" stroke=\"\(HTMLPalette.barFill)\" stroke-width=\"14\" pathLength=\"100\" stroke-dasharray=\"\(value) 100\"/>")
            + "<text x=\"60\" y=\"40\" text-anchor=\"middle\" font-size=\"11\" fill=\"\(HTMLPalette.muted)\">\(MarkupText.escape(caption))</text>"
            + "<text x=\"60\" y=\"62\" text-anchor=\"middle\" font-size=\"22\" font-weight=\"700\" fill=\"\(HTMLPalette.text)\">\(MarkupText.escape(text))</text>"
            + "</svg>"
    }

    /// A line through `values` on a fixed 0–100 scale (as the terminal's sparklines), one slot
    /// of the time axis a value, oldest on the left: one line through every value there is, across
    /// the slots of interviews without one (their place on the axis is the gap between two
    /// points), so that the values read as one series rather than scattered dots; the newest is
    /// marked with a dot, and a value alone is only that dot.
    static func sparkline(_ values: [Int?], label: String) -> String {
        let width = 120, height = 28, pad = 3
        let points = values.enumerated().compactMap { index, value -> (x: String, y: String)? in
            guard let value else { return nil }
            let x = values.count > 1 ? Double(pad) + Double(index) * Double(width - 2 * pad) / Double(values.count - 1) : Double(width) / 2
            let y = Double(height - pad) - Double(min(max(value, 0), 100)) / 100 * Double(height - 2 * pad)
            return (decimal(x), decimal(y))
        }
        let line = points.count < 2 ? ""
            : "<polyline points=\"\(points.map { "\($0.x),\($0.y)" }.joined(separator: " "))\" fill=\"none\" stroke=\"\(HTMLPalette.barFill)\" stroke-width=\"2\" stroke-linejoin=\"round\"/>"
        let last = points.last.map { "<circle cx=\"\($0.x)\" cy=\"\($0.y)\" r=\"3\" fill=\"\(HTMLPalette.barFill)\"/>" } ?? ""
        return "<svg class=\"spark\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-label=\"\(MarkupText.escape(label))\">"
            + "<line x1=\"0\" y1=\"\(height - pad)\" x2=\"\(width)\" y2=\"\(height - pad)\" stroke=\"\(HTMLPalette.barTrack)\" stroke-width=\"1\"/>"
            + line + last + "</svg>"
    }

    /// `fraction` as a percentage with at most one decimal, written the same in every locale.
    static func percent(_ fraction: Double) -> String {
        decimal(min(max(fraction, 0), 1) * 100)
    }

    /// A coordinate (not negative) with at most one decimal, written the same in every locale.
    static func decimal(_ value: Double) -> String {
        let tenths = Int((max(value, 0) * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
