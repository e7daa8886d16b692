/// The language `report` speaks to a person: chosen once by the CLI (`--lang`, `language` in
/// config.toml, the locale environment, else English) and carried to the views as `Words`.
/// What a script reads — JSON, JSON Lines, TSV in a pipe, exit codes, flag names — never
/// depends on it.
public enum Language: String, CaseIterable, Hashable, Sendable {
    case english = "en"
    case korean = "ko"

    /// The time zone a person reading this language reads times in, when there is one: Korean
    /// members read KST, so a time the service sent in another zone (UTC) is shown in KST; nil
    /// (English) shows a time in the zone it was sent in.
    public var readerZone: (offset: String, minutes: Int, name: String)? {
        switch self {
        case .korean: ("+09:00", 540, "KST")
        case .english: nil
        }
    }

    /// The language of a locale name or a `LANGUAGE` entry: `ko`, `ko_KR`, `ko_KR.UTF-8`,
    /// `ko_KR.UTF-8@variant` are Korean, `en…` English; nil for a language `report` does not speak.
    public init?(localeName: String) {
        let code = localeName.prefix { $0.isLetter }.lowercased()
        switch code {
        case "ko": self = .korean
        case "en": self = .english
        default: return nil
        }
    }
}
