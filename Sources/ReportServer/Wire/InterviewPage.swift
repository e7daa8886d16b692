/// One page of the member's interviews, newest first.
struct InterviewPage: Encodable, Sendable {
    var items: [Interview]
    var page: Int
    var size: Int
    var total: Int
}
