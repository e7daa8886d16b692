import Domain
import Testing

/// The forms `report search` matches against: blanks gone and lowercased, initial consonants, and
/// a match found in a form mapped back to the text as it was written.
@Suite("Korean search text")
struct KoreanSearchTextTests {
    @Test func aPhraseWithoutItsBlankIsFoundWithIt() throws {
        let text = KoreanSearchText("압박 면접에서도 차분했습니다")
        let query = SearchQuery(text: "압박면접")
        let range = try #require(text.originalRange(of: query.folded, in: text.folded))
        #expect(Array("압박 면접에서도 차분했습니다")[range].map(String.init).joined() == "압박 면접")
    }

    @Test func initialConsonantsFindTheSyllablesTheyBegin() throws {
        let text = KoreanSearchText("압박 질문에 침착하게 답하기")
        #expect(text.choseong == "ㅇㅂㅈㅁㅇㅊㅊㅎㄱㄷㅎㄱ")
        #expect(KoreanSearchText.isChoseong("ㅊㅊㅎㄱ"))
        #expect(KoreanSearchText.isChoseong("ㅊㅊ ㅎㄱ"))
        #expect(!KoreanSearchText.isChoseong("침착"))
        #expect(!KoreanSearchText.isChoseong("ㅊㅊa"))
        let range = try #require(text.originalRange(of: "ㅊㅊㅎㄱ", in: text.choseong))
        #expect(Array("압박 질문에 침착하게 답하기")[range].map(String.init).joined() == "침착하게")
    }

    @Test func latinLettersAreFoundInAnyCaseAndNothingIsFoundWhereItIsNot() {
        let text = KoreanSearchText("Use the STAR method")
        #expect(text.originalRange(of: "star", in: text.folded) == 8..<12)
        #expect(text.originalRange(of: "블록체인", in: text.folded) == nil)
        #expect(KoreanSearchText.occurrences(of: "ㄱ", in: "ㄱㄴㄱㄱ") == 3)
    }

    @Test func theFiltersKeepTheirInterviews() {
        let query = SearchQuery(text: "x", kinds: [.company], since: "2026-01-01", until: "2026-06-30", company: "사람")
        #expect(query.keeps(kind: .company, registeredAt: "2026-03-01T10:00:00+09:00", company: "사람인"))
        #expect(!query.keeps(kind: .personality, registeredAt: "2026-03-01T10:00:00+09:00", company: "사람인"))
        #expect(!query.keeps(kind: .company, registeredAt: "2026-07-01T10:00:00+09:00", company: "사람인"))
        #expect(!query.keeps(kind: .company, registeredAt: "2026-03-01T10:00:00+09:00", company: "카카오"))
        #expect(!query.keeps(kind: .company, registeredAt: nil, company: "사람인"))
    }
}
