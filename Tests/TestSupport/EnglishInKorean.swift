import Foundation

/// What a Korean screen must not show: an English sentence — three or more English words in a
/// row outside a flag, a command, a URL, a path, a placeholder, a variable's name or a code in
/// parentheses — or two Korean sentences joined with `;`. `problems(in:)` names each such place
/// in a terminal's output (escape sequences and carriage returns taken out first).
public enum EnglishInKorean {
    /// The words of `report`'s commands, topics and settings as a person types them after
    /// `report` (`report auth login`, `report help exit-codes`, `report config set language ko`).
    static let commandWords: Set<String> = [
        "fetch", "list", "hint", "status", "check", "auth", "login", "logout", "token", "config", "get", "set",
        "unset", "path", "edit", "cache", "info", "clear", "compare", "trend", "api", "completion", "help", "version",
        "bash", "zsh", "fish", "exit-codes", "environment", "privacy", "tips", "character", "aptitude", "keywords",
        "video", "title", "language", "color", "pager", "base_url", "profile", "ko", "en", "sync", "search", "watch",
        "switch", "default",
    ]

    /// Each English sentence and each `;` between Korean sentences in `output`, with its line.
    public static func problems(in output: String) -> [String] {
        var found: [String] = []
        for raw in lines(of: output) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            if let run = englishRun(in: line) { found.append("English '\(run)' in: \(line)") }
            if line.contains(try! Regex(#"\p{Hangul}[^;]*;[^;]*\p{Hangul}"#)) { found.append("';' between Korean sentences in: \(line)") }
        }
        return found
    }

    /// The terminal's lines: escape sequences out, each carriage return a line of its own (a
    /// progress line redrawn in place).
    static func lines(of output: String) -> [String] {
        let plain = output.replacing(try! Regex(#"\u{1B}\[[0-9;?]*[A-Za-z]|\u{1B}\][^\u{07}]*\u{07}"#), with: "")
        return plain.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).map(String.init)
    }

    /// The first run of three or more English words in `line`, or nil.
    public static func englishRun(in line: String) -> String? {
        var text = line
        // What is not a sentence: each becomes a mark that breaks a run of words.
        let notWords = [
            #"[A-Za-z][A-Za-z0-9+.-]*://\S+"#,                 // a URL
            #"`[^`]*`"#, #"'[^']*'"#, #""[^"]*""#,              // what the member types, quoted
            #"<[^>]*>"#, #"\[[^\]]*\]"#,                        // a placeholder, an optional part
            #"\([\x20-\x7E]*\)"#,                               // a code in parentheses
            #"(^|\s)--?[A-Za-z][\w-]*(=\S*)?"#,                // a flag
            #"\S*/\S*"#, #"~\S*"#,                              // a path
            #"\$?\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b"#,               // a variable's name
            #"\b[\w-]+\.(toml|json|pem|md|html|txt|log)\b"#,    // a file's name
        ]
        for pattern in notWords { text = text.replacing(try! Regex(pattern), with: " ▪ ") }
        // A command: `report` and the command words after it.
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var run: [String] = []
        var best: [String] = []
        var index = 0
        while index < words.count {
            var word = words[index].trimmingCharacters(in: CharacterSet(charactersIn: ".,;:!?·—–…\"“”()"))
            // A list of values (`auto, always, never`, `bash, zsh, fish`): a comma ends a run.
            let endsRun = words[index].hasSuffix(",")
            if word.hasPrefix("report") {
                let rest = word.dropFirst("report".count)
                if rest.isEmpty || rest == ":" || words[index].hasSuffix(":") {
                    // `report:` (the program's name before its message) or `report fetch …`.
                    index += 1
                    while index < words.count, commandWords.contains(words[index].trimmingCharacters(in: CharacterSet(charactersIn: ".,;:"))) { index += 1 }
                    run = []
                    continue
                }
            }
            if word.hasSuffix("'s") { word = String(word.dropLast(2)) }
            if word.allSatisfy({ $0.isNumber || $0.isPunctuation || $0.isSymbol }) {
                // A number or a mark: neither a word nor a break (`page 1 of 2`).
            } else if word.count >= 2 || word == "a", word.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-" || $0 == "'") }),
                      word.contains(where: \.isLowercase) {
                run.append(word)
                if run.count >= 3, run.count > best.count { best = run }
                if endsRun { run = [] }
            } else {
                run = []
            }
            index += 1
        }
        return best.count >= 3 ? best.joined(separator: " ") : nil
    }
}
