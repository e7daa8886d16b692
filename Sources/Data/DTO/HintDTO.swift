import Domain
import Terminal

/// `{"section": "tips", "title": "…", "body": "…"}`.
struct HintDTO: Decodable, ResponseBody {
    let section: String
    let title: String
    let body: String

    func toDomain(asked: ReportSection) throws(DTOMappingError) -> Hint {
        guard section == asked.rawValue else {
            throw DTOMappingError(.detailContractHintSection, ["asked": .data(asked.rawValue), "got": .data(quoted(section))])
        }
        return Hint(section: asked, title: PrintableText.line(title), body: PrintableText.paragraphs(body))
    }
}
