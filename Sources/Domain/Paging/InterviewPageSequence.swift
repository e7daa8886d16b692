/// The rule for following the interview list page after page. Each page must be the one asked
/// for and bring only interviews that no earlier page brought, and no more pages are asked for
/// than the first page's `total` and `size` allow. A service that breaks it — the same page
/// again, a `total` that never ends — would otherwise be followed forever, in ever more memory.
public struct InterviewPageSequence: Sendable {
    private var seen: Set<TermNumber> = []
    /// The last page number `total`/`size` of the first page allow.
    private var lastAllowedPage: Int?
    private var lastPage: Int?

    public init() {}

    /// Checks `page`, the service's answer to a request for page `requested`, against the pages
    /// before it, and says whether a later page may be asked for. Throws `invalidResponse` when the
    /// page is not the one asked for, does not come after the last one, or repeats an interview.
    public mutating func accept(_ page: InterviewPage, requested: Int) throws(ReportError) -> Bool {
        guard page.page == requested else {
            throw .invalidResponse(Detail(.detailListPageMismatch, ["requested": .data("\(requested)"), "page": .data("\(page.page)")]))
        }
        if let lastPage, page.page <= lastPage {
            throw .invalidResponse(Detail(.detailListDidNotAdvance, ["page": .data("\(page.page)"), "last": .data("\(lastPage)")]))
        }
        guard page.size > 0 else {
            throw .invalidResponse(Detail(.detailListPageSize, ["page": .data("\(page.page)"), "size": .data("\(page.size)")]))
        }
        for item in page.items where !seen.insert(item.termNo).inserted {
            throw .invalidResponse(Detail(.detailListRepeats, ["page": .data("\(page.page)"), "term": .data("\(item.termNo)")]))
        }
        lastPage = page.page
        let limit = lastAllowedPage ?? Self.pages(total: page.total, size: page.size)
        lastAllowedPage = limit
        return page.hasNextPage && page.page < limit
    }

    /// How many pages of `size` hold `total` interviews (without overflowing on a huge total).
    public static func pages(total: Int, size: Int) -> Int {
        guard total > 0 else { return 0 }
        return total / size + (total % size == 0 ? 0 : 1)
    }
}
