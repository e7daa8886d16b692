import Hummingbird
import HummingbirdTesting
import Testing

/// Every error case of the contract: status, JSON body with the right code, Content-Type.
@Suite struct ErrorResponseTests {
    @Test func missingOrUnknownTokenIsInvalidToken() async throws {
        try await withServer { api in
            for (path, token) in [
                ("/v1/me", nil), ("/v1/me", "nope"), ("/v1/interviews", nil), ("/v1/interviews/1001", "demo-refresh-42"),
                ("/v1/analysis/report?termNo=1001", nil), ("/v1/analysis/video-report?termNo=1001", "x"), ("/v1/hints/tips", nil),
            ] as [(String, String?)] {
                let response = try await api.get(path, token: token)
                #expect(response.status == .unauthorized, "\(path)")
                #expect(response.errorCode == "invalid_token", "\(path)")
                #expect(response.isJSON)
            }
            // Not a bearer scheme at all.
            let basic = try await api.get("/v1/me", token: nil, headers: [.authorization: "Basic ZGVtbzpkZW1v"])
            #expect(basic.errorCode == "invalid_token")
        }
    }

    @Test func statusAndTokenEndpointsNeedNoAuthentication() async throws {
        try await withServer { api in
            let status = try await api.get("/v1/service/status", token: nil)
            #expect(status.status == .ok)
            #expect(try status.decoded(WireStatus.self) == WireStatus(status: "OK", message: nil, until: nil))
            #expect(status.text.contains(#""message":null"#), "null keys are sent, not dropped")
            let me = try await api.get("/v1/me")
            #expect(me.text == #"{"email":"eunmi.kim@example.com","memIdx":42,"name":"김은미"}"#)
        }
    }

    @Test(arguments: ["abc", "0", "-1", "4294967296", "99999999999999999999", "+5", "1.0", "%20"])
    func malformedTermNoIsBadRequest(termNo: String) async throws {
        try await withServer { api in
            for path in ["/v1/interviews/\(termNo)", "/v1/analysis/report?termNo=\(termNo)", "/v1/analysis/video-report?termNo=\(termNo)"] {
                let response = try await api.get(path)
                #expect(response.status == .badRequest, "\(path)")
                #expect(response.errorCode == "bad_request", "\(path)")
                #expect(response.isJSON)
            }
        }
    }

    @Test func missingTermNoIsBadRequest() async throws {
        try await withServer { api in
            let missing = try await api.get("/v1/analysis/report")
            #expect(missing.errorCode == "bad_request")
            let empty = try await api.get("/v1/analysis/video-report?termNo=")
            #expect(empty.errorCode == "bad_request")
        }
    }

    @Test func largestTermNoIsWellFormedButUnknown() async throws {
        try await withServer { api in
            let response = try await api.get("/v1/interviews/4294967295")
            #expect(response.status == .notFound)
            #expect(response.errorCode == "not_found")
        }
    }

    @Test func unknownInterviewIsNotFound() async throws {
        try await withServer { api in
            for path in ["/v1/interviews/9999", "/v1/analysis/report?termNo=9999", "/v1/analysis/video-report?termNo=9999"] {
                let response = try await api.get(path)
                #expect(response.status == .notFound, "\(path)")
                #expect(response.errorCode == "not_found", "\(path)")
            }
        }
    }

    @Test func anotherMembersInterviewIsForbidden() async throws {
        try await withServer { api in
            for path in ["/v1/interviews/2001", "/v1/analysis/report?termNo=2001", "/v1/analysis/video-report?termNo=2001"] {
                let response = try await api.get(path)
                #expect(response.status == .forbidden, "\(path)")
                #expect(response.errorCode == "forbidden", "\(path)")
                #expect(!response.text.contains("현대자동차"), "nothing of the interview leaks")
            }
            // Its owner sees it, and member 7 in turn cannot see member 42's.
            #expect(try await api.get("/v1/interviews/2001", token: APIClient.member7).status == .ok)
            #expect(try await api.get("/v1/analysis/report?termNo=1001", token: APIClient.member7).errorCode == "forbidden")
        }
    }

    @Test(arguments: ["page=0", "page=-1", "page=x", "size=0", "size=101", "size=abc", "status=pending"])
    func badListParametersAreBadRequest(query: String) async throws {
        try await withServer { api in
            let response = try await api.get("/v1/interviews?\(query)")
            #expect(response.status == .badRequest)
            #expect(response.errorCode == "bad_request")
        }
    }

    @Test func unknownHintSectionAndUnknownPathAreNotFound() async throws {
        try await withServer { api in
            for path in ["/v1/hints/summary", "/v1/hints/TIPS", "/v1/nothing-here", "/v2/me"] {
                let response = try await api.get(path)
                #expect(response.status == .notFound, "\(path)")
                #expect(response.errorCode == "not_found", "\(path)")
                #expect(response.isJSON)
            }
        }
    }
}
