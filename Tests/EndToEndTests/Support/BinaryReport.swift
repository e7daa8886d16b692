import TestSupport

extension AuthHarness {
    /// A fresh server and configuration home whose `report` is the built binary.
    static func start(refreshTokenCount: Int = 1, tokenTTL: Double? = nil) async throws -> AuthHarness {
        try await start(refreshTokenCount: refreshTokenCount, tokenTTL: tokenTTL, runner: .binary)
    }
}
