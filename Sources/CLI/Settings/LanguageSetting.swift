import Presentation

/// The language `report` speaks to a person, strongest first: `--lang ko|en`; `language` in
/// config.toml; the locale environment as gettext reads it for messages; else English — chosen
/// in one place, `SettingsResolver.language(flag:)`; this reads the environment's.
///
/// The environment is read, never `setlocale`: a machine without the Korean locale installed
/// (most containers and CI runners) still gets Korean from `LANG=ko_KR.UTF-8`. gettext's rule:
/// the locale of messages is the first set of `LC_ALL`, `LC_MESSAGES`, `LANG`; when it is `C`
/// or `POSIX` (`C.UTF-8` too) messages are untranslated, whatever `LANGUAGE` says; otherwise
/// `LANGUAGE` (a `:`-separated list, first language with a catalog wins) comes before the locale.
/// No locale variable at all is the C locale.
/// A language `report` does not speak leaves English.
enum LanguageSetting {
    /// The variables gettext reads, in its order after `LANGUAGE`.
    static let localeVariables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// The language of the locale environment, with the variable that decided it; nil when none is set.
    static func fromEnvironment(_ environment: AppEnvironment) -> Resolved<Language>? {
        // No locale variable at all is the C locale too: LANGUAGE alone translates nothing.
        guard let locale = localeVariables.lazy.compactMap({ name in environment[name].map { (name: name, value: $0) } }).first
        else { return nil }
        if isCLocale(locale.value) {
            return Resolved(value: .english, origin: .environment(locale.name))
        }
        if let list = environment["LANGUAGE"] {
            let entries = list.split(separator: ":").map(String.init)
            // The first entry report has a catalog for; none (LANGUAGE=ja): untranslated, English.
            let language = entries.lazy.compactMap(Language.init(localeName:)).first ?? .english
            return Resolved(value: language, origin: .environment("LANGUAGE"))
        }
        return Resolved(value: Language(localeName: locale.value) ?? .english, origin: .environment(locale.name))
    }

    /// `C`, `POSIX`, and `C` with a codeset or modifier (`C.UTF-8`, `C.utf8`): no translation.
    static func isCLocale(_ name: String) -> Bool {
        let base = name.prefix { $0 != "." && $0 != "@" }
        return base == "C" || base == "POSIX"
    }

    /// `ko` or `en`, as `--lang` and config.toml take it; nil otherwise.
    static func parse(_ text: String) -> Language? {
        Language(rawValue: text.lowercased())
    }

    static let choices = Language.allCases.map(\.rawValue)

    /// The choice a person meant by another name of a language (`kr`, the country's code, for
    /// `ko`; `korean`, `한국어`, `ko_KR`, `english`, `en-US`); nil for any other word.
    static func suggestion(for text: String) -> String? {
        let word = text.lowercased()
        let base = String(word.prefix { $0 != "_" && $0 != "-" && $0 != "." })
        if let language = Language(rawValue: base) { return language.rawValue }
        switch base {
        case "kr", "kor", "korean", "한국어", "한글", "한국말": return Language.korean.rawValue
        case "eng", "english", "영어", "us", "uk", "gb": return Language.english.rawValue
        default: return nil
        }
    }
}
