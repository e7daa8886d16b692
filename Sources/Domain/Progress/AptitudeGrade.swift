/// An aptitude grade's rank: "A" is best. Nil for a grade this client does not know.
public enum AptitudeGrade {
    public static let order = ["A", "B", "C", "D", "E"]

    /// Steps up from `before` to `after` (positive: better); nil when either is unknown.
    public static func steps(from before: String, to after: String) -> Int? {
        guard let from = order.firstIndex(of: before.uppercased()), let to = order.firstIndex(of: after.uppercased()) else {
            return nil
        }
        return from - to
    }

    /// The best of `grades` (A first); a grade this client does not know ranks after E. Nil when empty.
    public static func best(of grades: [String]) -> String? {
        grades.min { (order.firstIndex(of: $0.uppercased()) ?? order.count) < (order.firstIndex(of: $1.uppercased()) ?? order.count) }
    }
}
