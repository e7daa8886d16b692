import Domain
import Terminal

/// `{"status": "OK" | "MAINTENANCE", "message": …, "until": …}`.
struct ServiceStatusDTO: Decodable, ResponseBody {
    let status: String
    let message: String?
    let until: String?

    func toDomain() throws(DTOMappingError) -> ServiceStatus {
        let message = message.map { PrintableText.paragraphs($0) }
        let until = until.map { PrintableText.line($0) }
        return switch status {
        case "OK": ServiceStatus(isUnderMaintenance: false, message: message, until: until)
        case "MAINTENANCE": ServiceStatus(isUnderMaintenance: true, message: message, until: until)
        default: throw DTOMappingError(.detailContractStatus, ["value": .data(quoted(status))])
        }
    }
}
