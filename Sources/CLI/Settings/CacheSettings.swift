import Presentation
import Terminal
#if canImport(Glibc)
import Glibc
#endif

/// Where the report cache is and how large it may grow, from the environment:
///
/// - folder: `$XDG_CACHE_HOME/report` when `XDG_CACHE_HOME` is an absolute path (a relative one is
///   ignored, as the XDG base directory specification says), else `$HOME/.cache/report`, else the
///   home directory of the password database;
/// - bound: `REPORT_CACHE_MAX_SIZE` (`50MiB`, `200M`, `1G`, `65536`; `0` keeps nothing), else 50 MiB.
struct CacheSettings: Sendable, Equatable {
    let directory: String
    let directoryOrigin: SettingOrigin
    let maxBytes: Int
    /// Whether `REPORT_CACHE_MAX_SIZE` set the bound.
    let maxBytesFromEnvironment: Bool

    init(environment: AppEnvironment) throws(CLIError) {
        let folder = try Self.directory(environment: environment)
        (directory, directoryOrigin) = (folder.value, folder.origin)
        if let text = environment["REPORT_CACHE_MAX_SIZE"] {
            guard let bytes = Self.parseSize(text) else {
                throw CLIError(.detailRefusalInvalidCacheSize, ["value": .data(PrintableText.oneLine(text, maxLength: 40))],
                               hint: .detailRefusalGiveCacheSize, kind: .configuration)
            }
            (maxBytes, maxBytesFromEnvironment) = (bytes, true)
        } else {
            (maxBytes, maxBytesFromEnvironment) = (ServiceLayer.defaultCacheMaxBytes, false)
        }
    }

    /// `$XDG_CACHE_HOME/report`, else `~/.cache/report` (`XDGFolder`), with where it came from.
    static func directory(environment: AppEnvironment) throws(CLIError) -> Resolved<String> {
        guard let folder = XDGFolder.resolve("XDG_CACHE_HOME", homeSubfolder: ".cache", environment: environment) else {
            throw CLIError(.detailRefusalNoCacheDirectory, hint: .detailRefusalSetCacheHome, kind: .configuration)
        }
        return folder
    }

    /// Bytes from `1048576`, `512K`, `50M`, `50MiB`, `1G`, `1GB` (K, M and G are powers of 1024, as
    /// `du` and `sort -S` take them); nil for anything else or more than 1 TiB.
    static func parseSize(_ text: String) -> Int? {
        let text = text.trimmingWhitespace()
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 13, let number = Int(digits) else { return nil }
        let multiplier: Int
        switch text.dropFirst(digits.count).lowercased() {
        case "", "b": multiplier = 1
        case "k", "kb", "kib": multiplier = 1 << 10
        case "m", "mb", "mib": multiplier = 1 << 20
        case "g", "gb", "gib": multiplier = 1 << 30
        default: return nil
        }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: multiplier)
        guard !overflow, bytes <= 1 << 40 else { return nil }
        return bytes
    }

    /// `52428800` as `50 MiB`, `1536` as `1.5 KiB`: for people.
    static func sizeText(_ bytes: Int, words: Words = .english) -> String {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return words(.cacheBytes, ["count": "\(bytes)"]) }
        let rounded = (value * 10).rounded() / 10
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(text) \(units[unit])"
    }
}
