import Domain

/// The list of completed interviews, a page per trigger. Pages are events — each row is shown
/// once and nothing holds them all, so following every page (`--all`) streams in constant
/// memory; a page carries where the list stands (`Info`).
public final class InterviewListViewModel: ViewModelType, Sendable {
    public struct Input: Sendable {
        /// 1-based page numbers to load, in order.
        public let pageTrigger: AsyncStream<Int>

        public init(pageTrigger: AsyncStream<Int>) {
            self.pageTrigger = pageTrigger
        }
    }

    public struct Output: Sendable {
        public let pages: EventStream<InterviewPageViewData>
        public let error: EventStream<ReportError>
    }

    private let pageSize: Int
    private let useCase: any InterviewListUseCase
    private let errorRouter: ErrorRouter

    public init(pageSize: Int, useCase: any InterviewListUseCase,
                serviceCheckUseCase: (any ServiceCheckUseCase)? = nil, navigator: any LoginNavigator) {
        self.pageSize = pageSize
        self.useCase = useCase
        errorRouter = ErrorRouter(serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
    }

    public func transform(input: Input) -> Output {
        let pages = Relay<InterviewPageViewData>()
        let errors = Relay<ReportError>()
        Task {
            var sequence = InterviewPageSequence()
            for await number in input.pageTrigger {
                do {
                    let page = try await useCase.completedInterviews(page: number, size: pageSize)
                    let hasNextPage = try sequence.accept(page, requested: number)
                    let data = InterviewPageViewData(page, hasNextPage: hasNextPage)
                    pages.accept(data)
                } catch {
                    if let reportError = await errorRouter.route(error) { errors.accept(reportError) }
                }
            }
            pages.finish()
            errors.finish()
        }
        return Output(pages: pages.events, error: errors.events)
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
