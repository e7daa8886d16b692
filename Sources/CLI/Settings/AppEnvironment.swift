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

    /// Whether text on `stream` gets colour, strongest first: `--color always|never`; NO_COLOR set
    /// and not empty (https://no-color.org) turns it off; CLICOLOR_FORCE or FORCE_COLOR set, not
    /// empty and not "0" turn it on even in a pipe; TERM=dumb turns it off; else on a terminal only.
    func allowsColor(on stream: StandardStream, choice: ColorChoice = .auto) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto: break
        }
        if self["NO_COLOR"] != nil { return false }
        if let forced = self["CLICOLOR_FORCE"] ?? self["FORCE_COLOR"], forced != "0" { return true }
        return stream.isTerminal && variables["TERM"] != "dumb"
    }
}
