import Foundation
import Hummingbird
import HummingbirdTesting
@testable import ReportServer
import TestSupport
import Testing

/// Everything the demo server says must match api/openapi.yaml: fetch it all, then run
/// scripts/validate_contract.py over it (in strict mode, so undocumented keys fail too).
@Suite struct ContractTests {
    /// Saves response bodies as `<Schema>--<name>.json`, so the manifest can be built from the names.
    struct Recorder: Sendable {
        let directory: URL

        func save(_ response: TestResponse, as schema: String, _ name: String) throws {
            #expect(response.isJSON, "\(name)")
            let safeName = name.map { $0.isLetter || $0.isNumber ? $0 : "_" }
            try Data(buffer: response.body).write(to: directory.appendingPathComponent("\(schema)--\(String(safeName)).json"))
        }
    }

    @Test func demoResponsesMatchTheOpenAPIDocument() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("report-contract-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = Recorder(directory: directory)
        let dataSet = try DataSet.load(from: Paths.demoData)
        let termNumbers = dataSet.interviews.keys.sorted()

        try await withServer { api in
            try recorder.save(try await api.get("/v1/service/status", token: nil), as: "ServiceStatus", "ok")
            try recorder.save(try await api.refresh("demo-refresh-42"), as: "TokenResponse", "42")
            try recorder.save(try await api.get("/v1/me"), as: "Me", "42")
            try recorder.save(try await api.get("/v1/me", token: APIClient.member7), as: "Me", "7")
            for page in 1...3 {
                try recorder.save(try await api.get("/v1/interviews?page=\(page)"), as: "InterviewPage", "page\(page)")
            }
            try recorder.save(try await api.get("/v1/interviews?size=100"), as: "InterviewPage", "all")
            // The pending answer of 1006 first, then everything (1006 is ready after two report requests).
            try recorder.save(try await api.get("/v1/analysis/report?termNo=1006"), as: "AnalysisReportResponse", "1006-pending")
            try recorder.save(try await api.get("/v1/analysis/report?termNo=1006"), as: "AnalysisReportResponse", "1006-pending2")
            for termNo in termNumbers {
                let token = dataSet.interviews[termNo]?.memIdx == 7 ? APIClient.member7 : APIClient.member42
                try recorder.save(try await api.get("/v1/interviews/\(termNo)", token: token), as: "Interview", "\(termNo)")
                try recorder.save(try await api.get("/v1/analysis/report?termNo=\(termNo)", token: token), as: "AnalysisReportResponse", "\(termNo)")
                try recorder.save(try await api.get("/v1/analysis/video-report?termNo=\(termNo)", token: token), as: "VideoReportResponse", "\(termNo)")
            }
            for section in Hint.sections {
                try recorder.save(try await api.get("/v1/hints/\(section)"), as: "Hint", section)
            }
            let errors = [
                ("400", "/v1/interviews/abc", APIClient.member42), ("401", "/v1/me", nil), ("403", "/v1/interviews/2001", APIClient.member42),
                ("404", "/v1/hints/nope", APIClient.member42), ("404-path", "/v1/nope", APIClient.member42),
            ] as [(String, String, String?)]
            for (name, path, token) in errors {
                try recorder.save(try await api.get(path, token: token), as: "Error", name)
            }
            try recorder.save(try await api.post("/v1/auth/token", body: "{}"), as: "Error", "400-token")
            try recorder.save(try await api.refresh("used-or-unknown"), as: "Error", "401-token")
        }
        try await withServer(.demo { $0.maintenance = try? MaintenanceNotice(message: "정기 점검 중입니다.", until: "2026-11-03T06:00:00+09:00") }) { api in
            try recorder.save(try await api.get("/v1/service/status", token: nil), as: "ServiceStatus", "maintenance")
            try recorder.save(try await api.get("/v1/interviews"), as: "Error", "503")
        }
        try await withServer(.demo { $0.accessTokenLifetime = .zero }) { api in
            let token = try await api.refresh("demo-refresh-42").decoded(WireToken.self).accessToken
            try recorder.save(try await api.get("/v1/me", token: token), as: "Error", "401-expired")
        }

        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let manifest = files.map { file in ["schema": String(file.prefix { $0 != "-" }), "file": file] }
        // Status 2, token 1, me 2, pages 4, pending reports 2, per interview 3, hints, errors 9.
        #expect(manifest.count == 2 + 1 + 2 + 4 + 2 + 3 * termNumbers.count + Hint.sections.count + 9)
        let manifestURL = directory.appendingPathComponent("manifest.json")
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)

        let (status, output) = try await runValidator(["--strict", "--manifest", manifestURL.path])
        #expect(status == 0, "validate_contract.py said:\n\(output)")
    }

    @Test func openAPIDocumentIsValid() async throws {
        let (status, output) = try await runValidator([])
        #expect(status == 0, "validate_contract.py said:\n\(output)")
    }

    /// Runs `python3 scripts/validate_contract.py` from the repository root; returns status and output.
    func runValidator(_ arguments: [String]) async throws -> (Int32, String) {
        let (status, output) = try await runPythonScript("scripts/validate_contract.py", arguments, withStandardError: true)
        return (status, String(decoding: output, as: UTF8.self))
    }
}
