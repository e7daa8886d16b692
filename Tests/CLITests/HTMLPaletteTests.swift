@testable import CLI
import Foundation
import Testing

/// The HTML report's colours pass WCAG 2 AA: text at least 4.5:1 against its background, the
/// bars and the gauge at least 3:1 against what they sit on (non-text contrast, 1.4.11); and the
/// style sheet and the pictures use no colour that is not checked here.
@Suite("HTML palette: WCAG AA contrast")
struct HTMLPaletteTests {
    /// WCAG 2's relative luminance of `#rrggbb`.
    static func luminance(_ hex: String) -> Double {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        func channel(_ shift: Int) -> Double {
            let c = Double((value >> shift) & 0xFF) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    }

    static func contrast(_ a: String, _ b: String) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test func theContrastFormulaGivesWCAGsKnownValues() {
        #expect(abs(Self.contrast("#000000", "#ffffff") - 21) < 0.001)
        #expect(abs(Self.contrast("#ffffff", "#ffffff") - 1) < 0.001)
        // #767676 on white is the lightest grey that passes 4.5:1, #777777 the first that fails.
        #expect(Self.contrast("#767676", "#ffffff") >= 4.5)
        #expect(Self.contrast("#777777", "#ffffff") < 4.5)
    }

    @Test(arguments: HTMLPalette.textPairs.map { ($0.name, $0.foreground, $0.background) })
    func textPassesAA(name: String, foreground: String, background: String) {
        let ratio = Self.contrast(foreground, background)
        #expect(ratio >= 4.5, "\(name): \(foreground) on \(background) is \(ratio):1")
    }

    @Test(arguments: HTMLPalette.graphicPairs.map { ($0.name, $0.foreground, $0.background) })
    func graphicsPassAA(name: String, foreground: String, background: String) {
        let ratio = Self.contrast(foreground, background)
        #expect(ratio >= 3, "\(name): \(foreground) on \(background) is \(ratio):1")
    }

    @Test func thePageUsesOnlyCheckedColours() throws {
        let checked = Set((HTMLPalette.textPairs + HTMLPalette.graphicPairs).flatMap { [$0.foreground, $0.background] })
            .union([HTMLPalette.rule])  // the lines under headings: decoration, not information
        let page = HTMLStyleSheet.css + HTMLGraphics.bar(0.5, label: "") + HTMLGraphics.gauge(percentile: 50, caption: "top", value: "50%", label: "")
            + HTMLGraphics.sparkline([10, 50, 90], label: "")
        let used = Set(page.matches(of: try Regex("#[0-9a-fA-F]{6}\\b")).map { String(page[$0.range]).lowercased() })
        #expect(!used.isEmpty)
        #expect(used.isSubset(of: checked), "colours whose contrast is not checked: \(used.subtracting(checked))")
        #expect(page.matches(of: try Regex("#[0-9a-fA-F]{3}\\b")).isEmpty, "colours written #rgb are not checked")
        #expect(!page.contains("rgb(") && !page.contains("hsl("), "colours are written #rrggbb")
    }

    /// A trait's level is a tendency's strength, not good or bad (the service says so): its
    /// colours are not the green and amber of a ready and a pending status, and they differ in
    /// intensity, not in hue — each level's text and background lie on one blue, or are white.
    @Test func levelsDifferInStrengthNotInGoodOrBad() {
        let levels = [HTMLPalette.highText, HTMLPalette.highBackground, HTMLPalette.mediumText, HTMLPalette.mediumBackground,
                      HTMLPalette.lowText, HTMLPalette.lowBackground]
        let verdicts: Set<String> = [HTMLPalette.readyText, HTMLPalette.pendingText, HTMLPalette.failedText, "#dafbe1", "#fff8c5"]
        #expect(verdicts.isDisjoint(with: levels))
        func hue(_ hex: String) -> Double? {
            let value = Int(hex.dropFirst(), radix: 16) ?? 0
            let (r, g, b) = (Double((value >> 16) & 0xFF), Double((value >> 8) & 0xFF), Double(value & 0xFF))
            let high = max(r, g, b), low = min(r, g, b)
            guard high - low > 8 else { return nil }  // grey or white: no hue
            let h: Double = high == r ? (g - b) / (high - low) : high == g ? 2 + (b - r) / (high - low) : 4 + (r - g) / (high - low)
            return (h * 60 + 360).truncatingRemainder(dividingBy: 360)
        }
        let hues = levels.compactMap(hue)
        #expect(!hues.isEmpty)
        #expect((hues.max() ?? 0) - (hues.min() ?? 0) < 20, "one hue: \(hues)")
        let pairs = Set([HTMLPalette.highText + HTMLPalette.highBackground, HTMLPalette.mediumText + HTMLPalette.mediumBackground,
                         HTMLPalette.lowText + HTMLPalette.lowBackground])
        #expect(pairs.count == 3, "three levels told apart")
    }
}
