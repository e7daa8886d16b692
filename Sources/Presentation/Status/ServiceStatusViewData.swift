import Domain

/// The service's status as a view shows it.
public struct ServiceStatusViewData: Hashable, Sendable {
    public let status: ServiceStatus
    /// "operational" or "under maintenance until 2026-11-21 14:00 KST: 서버 점검 중입니다"
    public let summary: String

    public init(_ status: ServiceStatus) {
        self.status = status
        if status.isUnderMaintenance {
            let until = status.until.map { " until \(DisplayDate.text($0))" } ?? ""
            let message = status.message.map { ": \($0)" } ?? ""
            summary = "under maintenance\(until)\(message)"
        } else {
            summary = "operational" + (status.message.map { ": \($0)" } ?? "")
        }
    }

    /// The summary in the language of `words` ("정상 운영 중", "2026년 11월 21일 14:00까지 점검 중:
    /// 서버 점검 중입니다"); the service's own message as it sent it.
    public func summary(_ words: Words) -> String {
        let state: String
        if status.isUnderMaintenance {
            state = status.until.map { words(.statusMaintenanceUntil, ["until": DisplayDate.text($0, words: words)]) }
                ?? words[.statusMaintenance]
        } else {
            state = words[.statusOperational]
        }
        return state + (status.message.map { ": \($0)" } ?? "")
    }
}

extension LoadViewModel where Value == ServiceStatusViewData {
    /// The service-status screen (the seed's ServiceCheckUseCase).
    public static func serviceStatus(useCase: any ServiceCheckUseCase,
                                     navigator: any Navigator) -> LoadViewModel<ServiceStatusViewData> {
        LoadViewModel(load: { ServiceStatusViewData(try await useCase.status()) }, navigator: navigator)
    }
}
