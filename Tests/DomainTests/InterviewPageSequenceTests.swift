import Domain
import Testing

@Suite("Following the interview list page after page")
struct InterviewPageSequenceTests {
    private func page(_ number: Int, terms: ClosedRange<UInt32>, size: Int = 3, total: Int) -> InterviewPage {
        InterviewPage(items: terms.map { term in
            InterviewTerm(termNo: TermNumber(term)!, companyName: "사람인", occupationName: "iOS 개발", careerName: "신입",
                          registeredAt: "2026-11-01T09:00:00+09:00", itemType: .company, programLevel: "BASIC",
                          analysisStatus: .done)
        }, page: number, size: size, total: total)
    }

    @Test func anHonestListEndsOnItsLastPage() throws {
        var sequence = InterviewPageSequence()
        #expect(try sequence.accept(page(1, terms: 7...9, total: 7), requested: 1))
        #expect(try sequence.accept(page(2, terms: 4...6, total: 7), requested: 2))
        #expect(try !sequence.accept(page(3, terms: 3...3, total: 7), requested: 3))
    }

    @Test func theSamePageAgainIsRefused() throws {
        var sequence = InterviewPageSequence()
        _ = try sequence.accept(page(1, terms: 1...3, total: 1_000_000_000_000_000), requested: 1)
        #expect(throws: ReportError.invalidResponse(Detail(.detailListPageMismatch, ["requested": .data("2"), "page": .data("1")]))) {
            try sequence.accept(page(1, terms: 1...3, total: 1_000_000_000_000_000), requested: 2)
        }
    }

    @Test func aPageThatRepeatsAnInterviewIsRefused() throws {
        var sequence = InterviewPageSequence()
        _ = try sequence.accept(page(1, terms: 1...3, total: 9), requested: 1)
        #expect(throws: ReportError.invalidResponse(Detail(.detailListRepeats, ["page": .data("2"), "term": .data("3")]))) {
            try sequence.accept(page(2, terms: 3...5, total: 9), requested: 2)
        }
    }

    @Test func aPageThatGoesBackIsRefused() throws {
        var sequence = InterviewPageSequence()
        _ = try sequence.accept(page(3, terms: 1...3, total: 30), requested: 3)
        #expect(throws: ReportError.invalidResponse(Detail(.detailListDidNotAdvance, ["page": .data("2"), "last": .data("3")]))) {
            try sequence.accept(page(2, terms: 4...6, total: 30), requested: 2)
        }
    }

    @Test func aGrowingTotalDoesNotExtendTheListPastTheFirstPagesCount() throws {
        var sequence = InterviewPageSequence()
        #expect(try sequence.accept(page(1, terms: 1...3, total: 6), requested: 1))
        #expect(try !sequence.accept(page(2, terms: 4...6, total: 600), requested: 2),
                "two pages of three were promised; the new total is not followed")
    }

    @Test func aZeroPageSizeIsRefused() {
        var sequence = InterviewPageSequence()
        #expect(throws: ReportError.self) {
            try sequence.accept(InterviewPage(items: [], page: 1, size: 0, total: 5), requested: 1)
        }
    }

    @Test func aHugeTotalDoesNotOverflow() throws {
        var sequence = InterviewPageSequence()
        #expect(try sequence.accept(page(1, terms: 1...3, total: Int.max), requested: 1))
    }
}
