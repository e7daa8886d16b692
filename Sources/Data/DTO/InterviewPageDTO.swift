import Domain

/// `{"items": [Interview], "page": 1, "size": 20, "total": 57}`.
struct InterviewPageDTO: Decodable, Sendable {
    let items: [InterviewDTO]
    let page: Int
    let size: Int
    let total: Int

    func toDomain() throws(DTOMappingError) -> InterviewPage {
        guard page >= 1, size >= 1, total >= 0 else {
            throw DTOMappingError("page, size and total must be positive (got page \(page), size \(size), total \(total))")
        }
        return InterviewPage(items: try items.enumerated().map { index, item throws(DTOMappingError) in
            do throws(DTOMappingError) {
                return try item.toDomain()
            } catch {
                throw DTOMappingError("items[\(index)]: \(error.description)")
            }
        }, page: page, size: size, total: total)
    }
}
