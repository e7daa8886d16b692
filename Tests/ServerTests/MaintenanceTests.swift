import Foundation
import Hummingbird
import HummingbirdTesting
@testable import ReportServer
import Testing

/// The maintenance switch: flags, `status.json`, and `maintenance.json` flipped at runtime.
@Suite struct MaintenanceTests {
    static let endpoints = [
        "/v1/me", "/v1/interviews", "/v1/interviews/1001", "/v1/analysis/report?termNo=1001",
        "/v1/analysis/video-report?termNo=1001", "/v1/hints/tips", "/v1/nothing-here",
    ]

    static func expectMaintenance(_ api: APIClient, message: String) async throws {
        for path in endpoints {
            let response = try await api.get(path)
            #expect(response.status == .serviceUnavailable, "\(path)")
            #expect(response.errorCode == "maintenance", "\(path)")
            #expect(response.headers[.retryAfter] == "120", "\(path)")
            #expect(response.isJSON)
            #expect((try? response.decoded(WireError.self))?.error.message == message)
        }
        let token = try await api.refresh("demo-refresh-42")
        #expect(token.status == .serviceUnavailable)
        #expect(token.errorCode == "maintenance")
    }

    @Test func maintenanceFromFlags() async throws {
        let message = "정기 점검 중입니다. 오전 6시에 다시 열립니다."
        try await withServer(.demo {
            $0.maintenance = try? MaintenanceNotice(message: message, until: "2026-11-03T06:00:00+09:00")
        }) { api in
            let status = try await api.get("/v1/service/status", token: nil)
            #expect(status.status == .ok)
            #expect(try status.decoded(WireStatus.self) == WireStatus(status: "MAINTENANCE", message: message, until: "2026-11-03T06:00:00+09:00"))
            try await Self.expectMaintenance(api, message: message)
        }
    }

    @Test func maintenanceFileFlipsAtRuntime() async throws {
        try await withDemoDataCopy { directory in
            let file = directory.appendingPathComponent("maintenance.json")
            try await withServer(.demo(data: directory)) { api in
                #expect(try await api.get("/v1/interviews/1001").status == .ok)

                try Data(#"{"message": "긴급 점검 중입니다.", "until": "2026-11-03T06:00:00+09:00"}"#.utf8).write(to: file)
                let status = try await api.get("/v1/service/status", token: nil).decoded(WireStatus.self)
                #expect(status == WireStatus(status: "MAINTENANCE", message: "긴급 점검 중입니다.", until: "2026-11-03T06:00:00+09:00"))
                try await Self.expectMaintenance(api, message: "긴급 점검 중입니다.")

                // An empty file still means maintenance, with the default message.
                try Data().write(to: file)
                #expect(try await api.get("/v1/me").errorCode == "maintenance")
                let fallback = try await api.get("/v1/service/status", token: nil).decoded(WireStatus.self)
                #expect(fallback.status == "MAINTENANCE")
                #expect(fallback.message == MaintenanceNotice.defaultMessage)

                try FileManager.default.removeItem(at: file)
                #expect(try await api.get("/v1/interviews/1001").status == .ok)
                #expect(try await api.get("/v1/service/status", token: nil).decoded(WireStatus.self).status == "OK")
            }
        }
    }

    @Test func maintenanceFromStatusFile() async throws {
        try await withDemoDataCopy { directory in
            try Data(#"{"status": "MAINTENANCE", "message": "시스템 이전 작업 중입니다.", "until": null}"#.utf8)
                .write(to: directory.appendingPathComponent("status.json"))
            try await withServer(.demo(data: directory)) { api in
                let status = try await api.get("/v1/service/status", token: nil).decoded(WireStatus.self)
                #expect(status == WireStatus(status: "MAINTENANCE", message: "시스템 이전 작업 중입니다.", until: nil))
                try await Self.expectMaintenance(api, message: "시스템 이전 작업 중입니다.")
            }
        }
    }
}
