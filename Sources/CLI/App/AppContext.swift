#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Terminal

/// What one run of `report` works with, given to the composition root rather than reached as
/// globals: the environment, the standard streams, the clock, and whether the process is the
/// run's own. `main` runs with `process`; a test runs a command in-process with buffered streams,
/// an environment of its own and a fixed clock (`ReportCommand.run(_:in:)`).
struct AppContext: Sendable {
    let environment: AppEnvironment
    let streams: IOStreams
    let clock: AppClock
    /// The process belongs to this run: it may watch SIGINT and SIGTERM, end itself on a
    /// broken pipe or when a stopped command does not end, and shut libcurl down at the end.
    /// A run inside a test process does none of these.
    let ownsProcess: Bool

    static var process: AppContext {
        AppContext(environment: .current, streams: .standard, clock: .system, ownsProcess: true)
    }

    /// The context commands run in: the process's, unless `ReportCommand.run(_:in:)` set another.
    @TaskLocal static var current: AppContext = .process
}

/// The wall clock, for what is shown relative to now ("expires in 59 min").
struct AppClock: Sendable {
    let secondsSince1970: @Sendable () -> Int64

    static let system = AppClock { Int64(Date().timeIntervalSince1970.rounded(.down)) }

    static func fixed(_ seconds: Int64) -> AppClock {
        AppClock { seconds }
    }
}


/// The process environment, read once; commands take it as a value so tests can inject one.
struct AppEnvironment: Sendable {
    let variables: [String: String]

    static var current: AppEnvironment { AppEnvironment(variables: ProcessInfo.processInfo.environment) }

    subscript(name: String) -> String? {
        guard let value = variables[name], !value.isEmpty else { return nil }
        return value
    }
}
