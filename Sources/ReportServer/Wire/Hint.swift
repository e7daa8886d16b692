/// How to read one section of the report.
struct Hint: Codable, Sendable, Equatable {
    /// The sections a hint exists for; anything else is a 404.
    static let sections = ["tips", "character", "aptitude", "keywords", "video"]

    var section: String
    var title: String
    var body: String
}
