/// Opens the app's deep link to a finished report, accepting it only for the signed-in member
/// (as the app does): a link that names another member is refused, not followed.
public struct OpenAnalysisLinkUseCase: Sendable {
    private let memberUseCase: any MemberUseCase

    public init(memberUseCase: any MemberUseCase) {
        self.memberUseCase = memberUseCase
    }

    /// The term to show. Throws `ReportError.forbidden` for another member's link.
    public func termNo(for link: AnalysisCompleteLink) async throws -> TermNumber {
        let member = try await memberUseCase.me()
        guard member.memIdx == link.memIdx else {
            throw ReportError.forbidden(Detail(.detailLinkForOtherMember, ["link": .data("\(link.memIdx)"), "member": .data("\(member.memIdx)")]))
        }
        return link.termNo
    }
}
