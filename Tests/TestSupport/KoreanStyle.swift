/// The Korean style of docs/LOCALIZATION.md as rules a test can check over a text: what a
/// Korean UX writer flagged in the catalog and the help, each a pattern that must not occur.
/// `problems(in:)` names each rule a text breaks; an empty list is a text that passes.
public enum KoreanStyle {
    /// A rule: its name (what the guide says) and the pattern that breaks it.
    public struct Rule: Sendable {
        public let name: String
        let pattern: String
    }

    public static let rules: [Rule] = [
        // Two sentences are two sentences: never joined with `;`.
        Rule(name: "two sentences joined with ';' (write '. ' or a new line)", pattern: #"[\p{Hangul})'"`.]; "#),
        // Requests and hints in ~하세요 / ~해 주세요, as the service writes.
        Rule(name: "하십시오체 (write ~하세요 / ~해 주세요)", pattern: #"십시오"#),
        Rule(name: "'~하셨습니까?' (write '~하셨나요?')", pattern: #"셨습니까"#),
        // Punctuation: no space before `(`; ranges with `~`.
        Rule(name: "a space before '('", pattern: #"[\p{Hangul}\p{L}\d.%'}] \((?!\))"#),
        Rule(name: "a range with '–' (write 1~64)", pattern: #"\d–\d"#),
        Rule(name: "'N에서 M 사이' (write N~M)", pattern: #"\d에서 \{?\w*\}? ?사이"#),
        // One name per thing.
        Rule(name: "'회차' (write 면접 번호)", pattern: #"회차"#),
        Rule(name: "'쪽' for a page (write 페이지)", pattern: #"\d쪽|\}쪽|마지막 쪽"#),
        Rule(name: "'디렉터리' (write 폴더)", pattern: #"디렉터리"#),
        Rule(name: "'리다이렉트' (write 리디렉션)", pattern: #"리다이렉트"#),
        Rule(name: "'종류' of an interview (write 유형)", pattern: #"종류"#),
        Rule(name: "'면접 리포트' / '영상 리포트' (write 분석 리포트 / 영상 분석)", pattern: #"면접 리포트|영상 리포트"#),
        // A code only in parentheses after the Korean name.
        Rule(name: "a raw code BASIC/ADVANCED/SITUATION outside parentheses", pattern: #"(^|[^(A-Za-z_])(BASIC|ADVANCED|SITUATION)\b"#),
        Rule(name: "a section key before 항목 (write 적성 검사(aptitude) 항목)", pattern: #"\b(tips|character|aptitude|keywords|video|title) 항목"#),
        // Counters: interviews and reports N건, sections N개; N번 only for numbers.
        Rule(name: "'N번' as a counter (write N건)", pattern: #"(\d|\})번(?!째|호)"#),
        Rule(name: "'면접 N개' (write 면접 N건)", pattern: #"면접 \{?\w*\}?개|회차 \{?\w*\}?개"#),
        // Word order of a grade: B등급.
        Rule(name: "'등급 B' (write B등급)", pattern: #"등급 (\{grade\}|[A-E]\b)"#),
        // A calque of 'did you mean' and of 'give an argument'.
        Rule(name: "'의도하셨' / '뜻하셨' (write '혹시 …하려고 하셨나요?')", pattern: #"의도하셨|뜻하셨"#),
        Rule(name: "'주십시오' / '를 주세요' for an argument (write 지정하세요)", pattern: #"(을|를) 주(십시오|세요)"#),
        // A member's time is KST.
        Rule(name: "UTC shown to the member", pattern: #"\d UTC\b"#),
    ]

    /// The rules `text` breaks, each with the part that breaks it.
    public static func problems(in text: String) -> [String] {
        rules.compactMap { rule in
            // A pattern this Regex cannot compile is a problem too, never a rule silently skipped.
            guard let regex = try? Regex(rule.pattern) else { return "the rule '\(rule.name)' does not compile" }
            guard let match = text.firstMatch(of: regex) else { return nil }
            return "\(rule.name): …\(text[match.range])…"
        }
    }
}
