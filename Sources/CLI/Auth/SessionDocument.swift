#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Domain
import Terminal

/// `report auth status --json` and `report auth login --json`: who is signed in where. The
/// access token appears masked (`at_9…`), never whole.
struct SessionDocument: JSONWritable, Sendable {
    struct MemberBody: JSONWritable, Sendable {
        let memIdx: Int
        let name: String
        let email: String

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("email", email)
                writer.member("memIdx", memIdx)
                writer.member("name", name)
            }
        }
    }

    let profile: String
    let baseURL: String
    /// `stored` (by `report auth login`) or `environment` (REPORT_TOKEN).
    let source: String
    let member: MemberBody?
    let accessToken: String?
    /// ISO-8601 in UTC; absent when unknown (REPORT_TOKEN).
    let accessTokenExpiresAt: String?

    init(session: Session, profile: String) {
        self.profile = profile
        baseURL = session.baseURL
        source = switch session.source {
        case .stored: "stored"
        case .environment: "environment"
        }
        member = session.member.map { MemberBody(memIdx: $0.memIdx, name: $0.name, email: $0.email) }
        accessToken = session.maskedAccessToken
        accessTokenExpiresAt = session.accessTokenExpiresAt.map(Self.iso8601)
    }

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("accessToken", ifPresent: accessToken)
            writer.member("accessTokenExpiresAt", ifPresent: accessTokenExpiresAt)
            writer.member("baseURL", baseURL)
            writer.member("member", ifPresent: member)
            writer.member("profile", profile)
            writer.schemaVersionMember()
            writer.member("source", source)
        }
    }

    static func iso8601(_ secondsSince1970: Int64) -> String {
        Date(timeIntervalSince1970: Double(secondsSince1970)).formatted(.iso8601)
    }
}
