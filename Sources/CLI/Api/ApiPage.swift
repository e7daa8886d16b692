#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One page of a list endpoint as `report api --paginate` reads it: the contract's page object
/// (`{"items": […], "page", "size", "total"}`, `InterviewPage` in api/openapi.yaml), of which only
/// the numbers are kept; the body itself is printed as received.
struct ApiPage: Decodable, Equatable, Sendable {
    let page: Int
    let size: Int
    let total: Int
    /// How many items the page brought (a page past the end brings none).
    let itemCount: Int

    private enum CodingKeys: String, CodingKey {
        case items, page, size, total
    }

    init(page: Int, size: Int, total: Int, itemCount: Int) {
        (self.page, self.size, self.total, self.itemCount) = (page, size, total, itemCount)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        page = try container.decode(Int.self, forKey: .page)
        size = try container.decode(Int.self, forKey: .size)
        total = try container.decode(Int.self, forKey: .total)
        var items = try container.nestedUnkeyedContainer(forKey: .items)
        var count = 0
        while !items.isAtEnd {
            _ = try items.decode(Skipped.self)
            count += 1
        }
        itemCount = count
    }

    /// Any JSON value, read past.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// The page object in `body`; nil when the body is not one (not a list endpoint: its one
    /// response is the only page).
    init?(body: [UInt8]) {
        guard let page = try? JSONDecoder().decode(ApiPage.self, from: Data(body)), page.page >= 1, page.size >= 1,
              page.total >= 0 else { return nil }
        self = page
    }

    /// How many pages hold `total` items of `size` (without overflowing on a huge total).
    var pageCount: Int {
        total == 0 ? 0 : total / size + (total % size == 0 ? 0 : 1)
    }

    /// `path` asking for page `number`: its `page` parameter replaced, or added after the others.
    static func path(_ path: String, page number: Int) -> String {
        let parts = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let base = String(parts[0])
        var parameters = parts.count > 1 ? parts[1].split(separator: "&", omittingEmptySubsequences: true).map(String.init) : []
        let value = "page=\(number)"
        if let index = parameters.firstIndex(where: { $0 == "page" || $0.hasPrefix("page=") }) {
            parameters[index] = value
            parameters.removeAll { $0 != value && ($0 == "page" || $0.hasPrefix("page=")) }
        } else {
            parameters.append(value)
        }
        return base + "?" + parameters.joined(separator: "&")
    }
}
