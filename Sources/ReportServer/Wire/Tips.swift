/// The interview tips section: a summary and individual pieces of advice.
struct Tips: Codable, Sendable, Equatable {
    struct Item: Codable, Sendable, Equatable {
        /// `answer`, `attitude`, `voice`, `posture`, …; open-ended on purpose.
        var category: String
        var title: String
        var body: String
    }

    var summary: String
    var items: [Item]

    func validate(_ path: String) throws(DataProblem) {
        for (index, item) in items.enumerated() where item.category.isEmpty || item.title.isEmpty {
            throw DataProblem(path: "\(path).items[\(index)]", message: "category and title must not be empty")
        }
    }
}
