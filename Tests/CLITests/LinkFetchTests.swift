import Foundation
import Testing
import TestSupport

/// `report fetch --link`, in-process: the app's deep link is followed only for the signed-in
/// member (member 42 in the demo data).
@Suite("report fetch --link")
struct LinkFetchTests {
    func fetch(_ arguments: String..., token: String = "demo-access-42") async throws -> RunResult {
        await reportInProcess(["fetch"] + arguments,
                              environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": token])
    }

    @Test func theMembersOwnLinkFetchesItsReport() async throws {
        let result = try await fetch("--link", "iamground://analysisComplete?memIdx=42&termNo=1001", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let interview = try #require(try result.json()["interview"] as? [String: Any])
        #expect(interview["termNo"] as? Int == 1001)

        let text = try await fetch("--link", "iamground://analysisComplete?termNo=1002&memIdx=42")
        #expect(text.status == 0)
        #expect(text.stdout.contains("term 1002 · analysis"))
    }

    @Test func anotherMembersLinkExits77AndSaysWhose() async throws {
        let result = try await fetch("--link", "iamground://analysisComplete?memIdx=7&termNo=1001")
        #expect(result.status == 77)
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("the link is for member 7, but you are signed in as member 42"))
    }

    @Test func theLinkedTermsOwnErrorsStand() async throws {
        let result = try await fetch("--link", "iamground://analysisComplete?memIdx=42&termNo=9999")
        #expect(result.status == 66)
        #expect(result.stderr.hasPrefix("report: term 9999: "))
    }

    @Test func aRejectedTokenExits4() async throws {
        let result = try await fetch("--link", "iamground://analysisComplete?memIdx=42&termNo=1001", token: "nope")
        #expect(result.status == 4)
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1)
    }

    @Test(arguments: [
        ["--link", "https://example.com/?memIdx=42&termNo=1001"],
        ["--link", "iamground://analysisComplete?memIdx=42"],
        ["--link", "iamground://analysisComplete?memIdx=x&termNo=1001"],
        ["--link", "iamground://analysisComplete?memIdx=42&termNo=1001", "--term", "1002"],
        ["--link", "iamground://analysisComplete?memIdx=42&termNo=1001", "--terms-from", "-"],
    ])
    func malformedLinksAndMixedSourcesAreUsageErrors(arguments: [String]) async throws {
        let result = await reportInProcess(["fetch"] + arguments,
                                           environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
    }

    @Test func aMalformedLinkSaysWhatIsWrong() async throws {
        let result = try await fetch("--link", "iamground://analysisComplete?memIdx=42&termNo=0")
        #expect(result.status == 64)
        #expect(result.stderr.contains("invalid --link: the link's termNo"))
    }
}
