import ArgumentParser
import Presentation

/// How a command that reads reports uses the report cache (`AppContainer.run(cache:)`).
enum CacheUse: Sendable {
    /// Ask the service whether a kept report changed (or nothing, while it is fresh).
    case revalidate
    /// Ask the service even while a kept report is fresh (`--refresh`).
    case refresh
    /// Only the cache (`--offline`).
    case offline
    /// Neither read nor write it (`--no-cache`, and every command that does not read reports).
    case off
}
