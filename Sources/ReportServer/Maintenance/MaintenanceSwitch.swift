import Foundation

/// Decides per request whether the service is in maintenance.
///
/// The file `<data-dir>/maintenance.json` switches maintenance on while it exists, so a test or an
/// operator can flip it without restarting; otherwise the notice from the flags or `status.json` holds.
struct MaintenanceSwitch: Sendable {
    private struct ToggleFile: Decodable {
        var message: String?
        var until: String?
    }

    static let toggleFileName = "maintenance.json"

    let configured: MaintenanceNotice?
    let toggleFile: URL

    init(configured: MaintenanceNotice?, dataDirectory: URL) {
        self.configured = configured
        self.toggleFile = dataDirectory.appendingPathComponent(Self.toggleFileName)
    }

    /// The notice in force right now, or nil when the service is up.
    func current() -> MaintenanceNotice? {
        // A stat per request is cheap; the file is only read while it exists.
        guard FileManager.default.fileExists(atPath: toggleFile.path) else { return configured }
        let fallback = (try? MaintenanceNotice(message: nil, until: nil)) ?? configured
        guard
            let data = try? Data(contentsOf: toggleFile),
            let file = try? JSONDecoder().decode(ToggleFile.self, from: data)
        else {
            // The file's presence is the switch; a half-written or empty file still means maintenance.
            return fallback
        }
        return (try? MaintenanceNotice(message: file.message, until: file.until)) ?? fallback
    }
}
