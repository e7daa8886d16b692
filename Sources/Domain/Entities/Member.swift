/// A member of the service: whom the credentials belong to.
public struct Member: Hashable, Sendable {
    public let memIdx: Int
    public let name: String
    public let email: String

    public init(memIdx: Int, name: String, email: String) {
        self.memIdx = memIdx
        self.name = name
        self.email = email
    }
}
