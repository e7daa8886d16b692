import Hummingbird
import HummingbirdTesting
import Testing

/// Pending, failed and eventually-ready analyses as a polling client sees them.
@Suite struct AnalysisProgressTests {
    @Test func readyAfterTwoPolls() async throws {
        try await withServer { api in
            func interviewStatus() async throws -> String {
                try await api.get("/v1/interviews/1006").decoded(WireInterview.self).analysisStatus
            }
            #expect(try await interviewStatus() == "PENDING")
            #expect(try await api.get("/v1/analysis/video-report?termNo=1006").text == #"{"result":null}"#)

            #expect(try await api.get("/v1/analysis/report?termNo=1006").text == #"{"result":null}"#)
            #expect(try await interviewStatus() == "PENDING")
            #expect(try await api.get("/v1/analysis/report?termNo=1006").text == #"{"result":null}"#)
            #expect(try await interviewStatus() == "DONE")

            let ready = try await api.get("/v1/analysis/report?termNo=1006")
            #expect(ready.text.contains("실행형 개척자"))
            #expect(try await api.get("/v1/analysis/report?termNo=1006").body == ready.body, "and stays ready")
            #expect(try await api.get("/v1/analysis/video-report?termNo=1006").text.contains("questions"))
            #expect(try await interviewStatus() == "DONE")
        }
    }

    @Test func eachServerStartsPendingAgain() async throws {
        for _ in 0..<2 {
            try await withServer { api in
                let first = try await api.get("/v1/analysis/report?termNo=1006")
                #expect(first.text == #"{"result":null}"#)
            }
        }
    }

    @Test func pendingForeverAndFailedHaveNoReport() async throws {
        try await withServer { api in
            for termNo in [1005, 1008] {
                for _ in 0..<4 {
                    let report = try await api.get("/v1/analysis/report?termNo=\(termNo)")
                    #expect(report.status == .ok)
                    #expect(report.text == #"{"result":null}"#)
                }
                #expect(try await api.get("/v1/analysis/video-report?termNo=\(termNo)").text == #"{"result":null}"#)
            }
            #expect(try await api.get("/v1/interviews/1005").decoded(WireInterview.self).analysisStatus == "PENDING")
            #expect(try await api.get("/v1/interviews/1008").decoded(WireInterview.self).analysisStatus == "FAILED")
        }
    }

    @Test func nullSectionsAreSentAsNull() async throws {
        try await withServer { api in
            let companyWithoutCharacter = try await api.get("/v1/analysis/report?termNo=1004").text
            #expect(companyWithoutCharacter.contains(#""character":null"#))
            let situation = try await api.get("/v1/analysis/report?termNo=1007").text
            #expect(situation.contains(#""aptitude":null"#) && situation.contains(#""character":null"#))
            #expect(situation.contains(#""keyword":["#), "the singular wire key")
            #expect(!situation.contains(#""keywords""#))
            #expect(try await api.get("/v1/analysis/video-report?termNo=1002").text == #"{"result":null}"#)
        }
    }
}
