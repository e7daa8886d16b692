/// The forms of a text that Korean search boxes match against, each with one character for each
/// character of the text that is not a blank, so that a match in a form is a match at the same
/// place of the text:
/// - `folded`: the text without its blanks, lowercased — `압박면접` finds `압박 면접`, and any
///   part of a word finds the word (`침착` in `침착하게`);
/// - `choseong`: `folded` with each Hangul syllable replaced by its initial consonant
///   (`침착하게` → `ㅊㅊㅎㄱ`), as a Korean search box matches a query of initial consonants.
public struct KoreanSearchText: Sendable, Equatable {
    public let folded: String
    public let choseong: String
    /// For each character of `folded`, its offset (in characters) in the original text.
    public let offsets: [Int]

    public init(_ text: String) {
        var folded = ""
        var choseong = ""
        var offsets: [Int] = []
        for (offset, character) in text.enumerated() where !character.isWhitespace {
            let lower = Self.lowercased(character)
            folded.append(lower)
            choseong.append(Self.initialConsonant(of: lower) ?? lower)
            offsets.append(offset)
        }
        self.folded = folded
        self.choseong = choseong
        self.offsets = offsets
    }

    /// The 19 initial consonants of Hangul syllables, as compatibility jamo (what a keyboard types).
    static let initials: [Character] = ["ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"]

    /// The syllable's initial consonant (`침` → `ㅊ`); nil for anything but a precomposed syllable.
    static func initialConsonant(of character: Character) -> Character? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
              (0xAC00...0xD7A3).contains(scalar.value) else { return nil }
        return initials[Int(scalar.value - 0xAC00) / (21 * 28)]
    }

    /// The character in lower case, when it has one form there (a Hangul syllable, a digit or
    /// punctuation is itself: the common case, without making a string).
    private static func lowercased(_ character: Character) -> Character {
        if let ascii = character.asciiValue {
            return ascii >= 65 && ascii <= 90 ? Character(Unicode.Scalar(ascii + 32)) : character
        }
        guard character.isUppercase else { return character }
        let lower = character.lowercased()
        return lower.count == 1 ? Character(lower) : character
    }

    /// Whether `query` is made only of initial consonants (and blanks): `ㅊㅊㅎㄱ`. Such a query is
    /// matched against `choseong`; any other against `folded`.
    public static func isChoseong(_ query: String) -> Bool {
        let letters = query.filter { !$0.isWhitespace }
        return !letters.isEmpty && letters.allSatisfy { initials.contains($0) }
    }

    /// Where `needle` (already folded) first occurs in the form `haystack` (`folded` or
    /// `choseong`), as a range of characters of the original text; nil when it does not.
    public func originalRange(of needle: String, in haystack: String) -> Range<Int>? {
        let form = Array(haystack)
        let wanted = Array(needle)
        guard !wanted.isEmpty, wanted.count <= form.count else { return nil }
        for start in 0...(form.count - wanted.count) where form[start] == wanted[0] {
            if Array(form[start..<(start + wanted.count)]) == wanted {
                return offsets[start]..<(offsets[start + wanted.count - 1] + 1)
            }
        }
        return nil
    }

    /// How many times `needle` occurs in `haystack` (not overlapping).
    public static func occurrences(of needle: String, in haystack: String) -> Int {
        let form = Array(haystack), wanted = Array(needle)
        guard !wanted.isEmpty, wanted.count <= form.count else { return 0 }
        var count = 0
        var start = 0
        while start + wanted.count <= form.count {
            if Array(form[start..<(start + wanted.count)]) == wanted {
                count += 1
                start += wanted.count
            } else {
                start += 1
            }
        }
        return count
    }
}
