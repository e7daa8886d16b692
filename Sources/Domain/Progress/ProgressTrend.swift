/// Progress over many reports (`report trend`): for every trait and every game seen in more than
/// one report, its values over time with the first, the last and the best; the aptitude grade
/// and percentile over time; and which traits rose most and which fell. Reports are taken in the
/// order given (oldest first).
public struct ProgressTrend: Hashable, Sendable {
    public struct Point: Hashable, Sendable {
        public let termNo: TermNumber
        /// As the service sent it (ISO-8601), when it did.
        public let registeredAt: String?
        /// A trait's score, or a game's score in percent of its maximum (0–100).
        public let value: Int
        /// A game's own score and maximum; nil for a trait.
        public let score: Int?
        public let maxScore: Int?
    }

    public struct Series: Hashable, Sendable {
        public let name: String
        /// Oldest first; at least two.
        public let points: [Point]

        public var first: Point { points[0] }
        public var last: Point { points[points.count - 1] }
        /// The highest value; the earliest of equal ones.
        public var best: Point { points.max { $0.value < $1.value } ?? first }
        public var change: Int { last.value - first.value }
    }

    public struct AptitudePoint: Hashable, Sendable {
        public let termNo: TermNumber
        public let registeredAt: String?
        public let grade: String
        public let percentile: Int
    }

    /// Oldest first.
    public let reports: [ReportSnapshot]
    public let traits: [Series]
    public let games: [Series]
    public let aptitude: [AptitudePoint]

    public init(reports: [ReportSnapshot]) {
        self.reports = reports
        traits = Self.series(reports) { report in report.traits.map { ($0.name, $0.score, nil, nil) } }
        games = Self.series(reports) { report in
            report.games.compactMap { game in game.percentOfMax.map { (game.name, $0, game.score, game.maxScore) } }
        }
        aptitude = reports.compactMap { report in
            report.aptitude.map { AptitudePoint(termNo: report.termNo, registeredAt: report.interview.registeredAt,
                                                grade: $0.grade, percentile: $0.percentile) }
        }
    }

    /// Traits that rose, most first.
    public var improved: [Series] {
        traits.filter { $0.change > 0 }.sorted { $0.change > $1.change }
    }

    /// Traits that fell, most first.
    public var fell: [Series] {
        traits.filter { $0.change < 0 }.sorted { $0.change < $1.change }
    }

    /// Series of the names that appear in more than one report, in the order first seen.
    private static func series(_ reports: [ReportSnapshot],
                               values: (ReportSnapshot) -> [(name: String, value: Int, score: Int?, maxScore: Int?)]) -> [Series] {
        var order: [String] = []
        var names: [String: String] = [:]
        var points: [String: [Point]] = [:]
        for report in reports {
            var seenHere: Set<String> = []
            for item in values(report) {
                let key = ProgressName.key(item.name)
                guard seenHere.insert(key).inserted else { continue }
                if names[key] == nil {
                    names[key] = item.name
                    order.append(key)
                }
                points[key, default: []].append(Point(termNo: report.termNo, registeredAt: report.interview.registeredAt,
                                                      value: item.value, score: item.score, maxScore: item.maxScore))
            }
        }
        return order.compactMap { key in
            guard let name = names[key], let points = points[key], points.count > 1 else { return nil }
            return Series(name: name, points: points)
        }
    }
}
