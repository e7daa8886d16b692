import Presentation
import Terminal

/// `report status` for a person: the base URL and the service's state, green when operational.
struct StatusView: Sendable {
    let style: TextStyle
    var words: Words = .english

    func render(_ status: ServiceStatusViewData, baseURL: String) -> String {
        let text = status.summary(words)
        let summary = status.status.isUnderMaintenance ? style.yellow(text) : style.green(text)
        return "\(baseURL): \(summary)\n"
    }
}
