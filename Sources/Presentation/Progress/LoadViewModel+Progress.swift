import Domain

extension LoadViewModel where Value == ComparisonViewData {
    /// The compare screen: loads both reports at once and compares the older with the newer.
    public static func comparison(_ request: CompareRequest, loader: ProgressLoader,
                                  serviceCheckUseCase: (any ServiceCheckUseCase)?,
                                  navigator: any Navigator) -> LoadViewModel<ComparisonViewData> {
        LoadViewModel(load: {
            let (first, second): (ReportSnapshot, ReportSnapshot)
            var latestKind: ItemType?
            var leftOut: [LeftOutReport] = []
            switch request {
            case .terms(let a, let b):
                async let before = loader.snapshot(a)
                async let after = loader.snapshot(b)
                (first, second) = (try await before, try await after)
            case .latest(let filter):
                let done = try await loader.doneInterviews(filter: filter, since: nil, limit: nil)
                guard let newest = done.first else { throw ReportError.tooFewReports(found: 0) }
                let (pair, found, passedOver) = try await newestTwo(of: done, loader: loader)
                guard let pair else {
                    if !passedOver.isEmpty { throw ReportError.reportsLeftOut(found: found, leftOut: passedOver) }
                    throw ReportError.tooFewReports(found: done.filter { $0.itemType == newest.itemType }.count, kind: newest.itemType)
                }
                (first, second) = (pair.older, pair.newer)
                latestKind = pair.newer.interview.itemType
                leftOut = passedOver
            }
            return ComparisonViewData(inTimeOrder: first, second, latestKind: latestKind, leftOut: leftOut)
        }, serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
    }
}

/// The newest report that can be fetched, and the newest one before it of the same kind, from
/// `done` (newest first): a report that cannot be fetched is passed over (and said), and the next
/// is taken. The first two of the newest's kind are asked for at once, as is usual; more only
/// when one of them fails.
private func newestTwo(of done: [InterviewTerm], loader: ProgressLoader) async throws
    -> (pair: (older: ReportSnapshot, newer: ReportSnapshot)?, found: Int, leftOut: [LeftOutReport]) {
    var fetched: [TermNumber: Result<ReportSnapshot, ReportError>] = [:]
    func record(_ reports: ProgressReports) {
        for snapshot in reports.snapshots { fetched[snapshot.interview.termNo] = .success(snapshot) }
        for gap in reports.leftOut { fetched[gap.termNo] = .failure(gap.error) }
    }
    if let newest = done.first {
        record(try await loader.snapshots(of: Array(done.filter { $0.itemType == newest.itemType }.prefix(2))))
    }
    var leftOut: [LeftOutReport] = []
    var newer: ReportSnapshot?
    for interview in done where newer.map({ interview.itemType == $0.interview.itemType }) ?? true {
        if fetched[interview.termNo] == nil { record(try await loader.snapshots(of: [interview])) }
        switch fetched[interview.termNo] {
        case .success(let snapshot)?:
            guard let found = newer else { newer = snapshot; continue }
            return ((snapshot, found), 2, leftOut)
        case .failure(let error)?:
            leftOut.append(LeftOutReport(termNo: interview.termNo, error: error))
        case nil:
            continue
        }
    }
    return (nil, newer == nil ? 0 : 1, leftOut)
}

extension LoadViewModel where Value == TrendViewData {
    /// The trend screen: the done interviews the request keeps, their reports oldest first.
    public static func trend(_ request: TrendRequest, loader: ProgressLoader,
                             serviceCheckUseCase: (any ServiceCheckUseCase)?,
                             navigator: any Navigator) -> LoadViewModel<TrendViewData> {
        LoadViewModel(load: {
            let reports: ProgressReports
            if request.terms.isEmpty {
                let interviews = try await loader.doneInterviews(filter: request.filter, since: request.since, until: request.until,
                                                                 limit: request.last)
                reports = try await loader.snapshots(of: Array(interviews.reversed()))
            } else {
                var seen: Set<TermNumber> = []
                reports = try await loader.snapshots(of: request.terms.filter { seen.insert($0).inserted })
            }
            guard reports.snapshots.count >= 2 else {
                if !reports.leftOut.isEmpty { throw ReportError.reportsLeftOut(found: reports.snapshots.count, leftOut: reports.leftOut) }
                throw ReportError.tooFewReports(found: reports.snapshots.count)
            }
            return TrendViewData(ProgressTrend(reports: reports.snapshots), leftOut: reports.leftOut)
        }, serviceCheckUseCase: serviceCheckUseCase, navigator: navigator)
    }
}

extension ReportError {
    /// Progress needs two finished reports: fewer is "not found" (66), as a missing term is.
    static func tooFewReports(found: Int, kind: ItemType? = nil) -> ReportError {
        guard let kind else { return .notFound(Detail(.detailTooFewReports, ["found": .data("\(found)")])) }
        return .notFound(Detail(found == 1 ? .detailTooFewOfKindOne : .detailTooFewOfKind,
                                ["kind": .detail(InterviewKindWords.detail(kind)), "found": .data("\(found)")]))
    }
}
