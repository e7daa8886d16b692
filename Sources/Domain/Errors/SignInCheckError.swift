/// A sign-in whose credentials were stored, but whose check with the service (`GET /v1/me`) then
/// failed: the member is signed in, yet could not be told as whom. The CLI says both.
public struct SignInCheckError: Error, Hashable, Sendable {
    /// The member the sign-in was issued for.
    public let memIdx: Int
    /// Why the check failed.
    public let failure: ReportError

    public init(memIdx: Int, failure: ReportError) {
        self.memIdx = memIdx
        self.failure = failure
    }
}
