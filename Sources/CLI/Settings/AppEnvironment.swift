#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Terminal

/// The process environment, read once; commands take it as a value so tests can inject one.
struct AppEnvironment: Sendable {
    let variables: [String: String]

    static var current: AppEnvironment { AppEnvironment(variables: ProcessInfo.processInfo.environment) }

    subscript(name: String) -> String? {
        guard let value = variables[name], !value.isEmpty else { return nil }
        return value
    }
}
