import Presentation
import Terminal

/// `report status` for a person: the base URL and the service's state, green when operational.
struct StatusView: Sendable {
    let style: TextStyle

    func render(_ status: ServiceStatusViewData, baseURL: String) -> String {
        let summary = status.status.isUnderMaintenance ? style.yellow(status.summary) : style.green(status.summary)
        return "\(baseURL): \(summary)\n"
    }
}
