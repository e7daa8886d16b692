/// The signed-in member, `GET /v1/me`.
struct Me: Encodable, Sendable {
    var memIdx: Int
    var name: String
    var email: String
}
