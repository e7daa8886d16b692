import Domain
import Synchronization

/// The list of completed interviews, a page per `transform`. A page is shown once and nothing
/// holds them all, so following every page (`--all`) streams in constant memory; a page carries
/// where the list stands (`Info`). One view model follows one run of pages: it checks each page
/// against those before it (`InterviewPageSequence`).
public final class InterviewListViewModel: Sendable {
    public struct Input: Sendable {
        /// The 1-based page number to load; pages are asked for in order.
        public let page: Int

        public init(page: Int) {
            self.page = page
        }
    }

    public struct Output: Sendable, Equatable {
        /// The page; nil when it failed, or when the user was sent to sign in.
        public let page: InterviewPageViewData?
        public let error: ReportError?
    }

    private let pageSize: Int
    private let useCase: any InterviewListUseCase
    private let errorRouter: ErrorRouter
    private let sequence = Mutex(InterviewPageSequence())

    public init(pageSize: Int, useCase: any InterviewListUseCase,
                serviceCheckUseCase: (any ServiceCheckUseCase)? = nil, navigator: any Navigator) {
        self.pageSize = pageSize
        self.useCase = useCase
        errorRouter = ErrorRouter(serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
    }

    /// Loads page `input.page`. Throws only what the navigator throws to end the screen.
    public func transform(input: Input) async throws -> Output {
        do {
            let page = try await useCase.completedInterviews(page: input.page, size: pageSize)
            let hasNextPage = try sequence.withLock { sequence throws(ReportError) in
                try sequence.accept(page, requested: input.page)
            }
            return Output(page: InterviewPageViewData(page, hasNextPage: hasNextPage), error: nil)
        } catch {
            return Output(page: nil, error: try await errorRouter.route(error))
        }
    }
}

/// One page of the list, formatted.
public struct InterviewPageViewData: Hashable, Sendable {
    public struct Info: Hashable, Sendable {
        public let page: Int
        public let size: Int
        public let total: Int
        public let hasNextPage: Bool
    }

    /// One interview; its texts are formatted when a view asks (`--json` and `--jsonl` never do).
    public struct Row: Hashable, Sendable {
        public let interview: InterviewTerm
        /// "2026-11-02 10:15 KST"
        public var dateText: String { dateText(.english) }
        /// "Company interview"
        public var kindText: String { kindText(.english) }
        /// "ready", "pending", "failed"
        public var analysisText: String { analysisText(.english) }

        /// The date in the language of `words` ("2026년 11월 2일 10:15").
        public func dateText(_ words: Words) -> String { SectionFormatter.dateText(interview.registeredAt, words: words) }
        /// The date as a table column shows it ("2026.11.02 10:15" in Korean).
        public func tableDateText(_ words: Words) -> String {
            interview.registeredAt.map { DisplayDate.text($0, words: words, table: true) } ?? SectionFormatter.unknown
        }
        /// The kind in the language of `words` ("기업 면접").
        public func kindText(_ words: Words) -> String { SectionFormatter.kindName(interview.itemType, words: words) }
        /// The analysis status in the language of `words` ("완료", "진행 중", "실패").
        public func analysisText(_ words: Words) -> String { SectionFormatter.analysisText(interview.analysisStatus, words: words) }
    }

    public let info: Info
    public let rows: [Row]

    /// `hasNextPage`: whether a later page may be asked for (`InterviewPageSequence` decides).
    init(_ page: InterviewPage, hasNextPage: Bool) {
        info = Info(page: page.page, size: page.size, total: page.total, hasNextPage: hasNextPage)
        rows = page.items.map(Row.init)
    }
}
