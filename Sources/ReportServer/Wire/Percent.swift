/// The 0–100 scale shared by scores, percentiles and stabilities.
enum Percent {
    static let range = 0...100

    static func check(_ value: Int, _ path: String) throws(DataProblem) {
        guard range.contains(value) else {
            throw DataProblem(path: path, message: "\(value) is not within 0...100")
        }
    }
}
