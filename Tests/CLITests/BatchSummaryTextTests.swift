@testable import CLI
import Testing
import TestSupport

/// How long a batch took, as its summary line says it.
@Suite("A batch's summary line")
struct BatchSummaryTextTests {
    @Test(arguments: [(0.0004, "under 1 ms"), (0.018, "18 ms"), (0.0996, "100 ms"), (0.9994, "999 ms"),
                      (1.0, "1.0 s"), (1.34, "1.3 s"), (61.26, "61.3 s")])
    func durationsAreReadable(seconds: Double, text: String) {
        #expect(BatchTally.elapsed(seconds) == text)
    }

    @Test func aFastBatchDoesNotSayZeroSeconds() async throws {
        let result = await reportInProcess(["fetch", "1001", "1002", "--jsonl"],
                                           environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL,
                                                         "REPORT_TOKEN": "demo-access-42"])
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("{\"schemaVersion\":1,\"summary\":"))
        let text = await reportInProcess(["fetch", "1001", "1002"],
                                         environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL,
                                                       "REPORT_TOKEN": "demo-access-42"])
        #expect(text.stderr.hasPrefix("report: 2 of 2 fetched in "))
        #expect(!text.stderr.contains("0.0 s"), "\(text.stderr)")
    }
}
