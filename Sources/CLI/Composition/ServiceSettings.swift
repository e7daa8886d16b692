/// Where the service is and how to authenticate, resolved from flags and the environment
/// (flag > environment > default). The token never comes from the command line: other users
/// can read a process's arguments.
struct ServiceSettings: Sendable {
    static let defaultBaseURL = "http://127.0.0.1:8080"

    let baseURL: String
    let accessToken: String?

    init(connection: ConnectionOptions, environment: AppEnvironment) {
        baseURL = connection.baseURL ?? environment["REPORT_BASE_URL"] ?? ServiceSettings.defaultBaseURL
        accessToken = environment["REPORT_TOKEN"]
    }
}
