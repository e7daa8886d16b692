import Domain

/// `{"items": [Interview], "page": 1, "size": 20, "total": 57}`.
struct InterviewPageDTO: ResponseBody {
    let items: [InterviewDTO]
    let page: Int
    let size: Int
    let total: Int

    /// The largest page number or page size read: their product and a next page fit in an Int.
    static let largest = Int(Int32.max)

    func toDomain() throws(DTOMappingError) -> InterviewPage {
        guard page >= 1, size >= 1, total >= 0 else {
            throw DTOMappingError(.detailContractPageNotPositive, ["page": .data("\(page)"), "size": .data("\(size)"), "total": .data("\(total)")])
        }
        // page × size is compared with total, and page + 1 asked next: both stay in range.
        guard page <= Self.largest, size <= Self.largest else {
            throw DTOMappingError(.detailContractPageTooLarge, ["max": .data("\(Self.largest)"), "page": .data("\(page)"), "size": .data("\(size)")])
        }
        return InterviewPage(items: try items.enumerated().map { index, item throws(DTOMappingError) in
            do throws(DTOMappingError) {
                return try item.toDomain()
            } catch {
                throw DTOMappingError(.detailContractInItem, ["index": .data("\(index)"), "detail": .detail(error.detail)])
            }
        }, page: page, size: size, total: total)
    }
}

extension InterviewPageDTO: JSONBodyReadable {
    static func read(from reader: inout JSONReader) throws(JSONReadError) -> Self {
        var items: [InterviewDTO]?
        var page: Int?
        var size: Int?
        var total: Int?
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "items": try reader.read(&items, "items") { reader throws(JSONReadError) in
                    try reader.readArray { reader throws(JSONReadError) in try reader.read(InterviewDTO.self) }
                }
            case "page": try reader.readInteger(&page, "page")
            case "size": try reader.readInteger(&size, "size")
            case "total": try reader.readInteger(&total, "total")
            default: try reader.skipValue()
            }
        }
        return Self(items: try reader.required(items, "items"), page: try reader.required(page, "page"),
                    size: try reader.required(size, "size"), total: try reader.required(total, "total"))
    }
}
