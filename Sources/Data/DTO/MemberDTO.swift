import Domain
import Terminal

/// `{"memIdx": 42, "name": "김은미", "email": "…"}`.
struct MemberDTO: Decodable, ResponseBody {
    let memIdx: Int
    let name: String
    let email: String

    func toDomain() -> Member {
        Member(memIdx: memIdx, name: PrintableText.line(name), email: PrintableText.line(email))
    }
}
