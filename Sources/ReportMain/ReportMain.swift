import ArgumentParser
import CLI

/// `report`: everything lives in the CLI library (so the fuzz harness can reach the rendering
/// code); the executable only starts it.
@main
enum ReportMain {
    static func main() async {
        // For a command that talks to the service, libcurl starts loading on a thread of its own.
        ReportCommand.prepare(arguments: CommandLine.arguments)
        do {
            // Parsed synchronously, on the thread the program started on, so that parsing overlaps
            // the loading. While `dlopen` runs, glibc holds a lock that `pthread_create` waits for:
            // parsing where `AsyncParsableCommand.main()` does, after a hop to Swift's thread pool,
            // would wait for a pool thread until libcurl had loaded (measured: 2.4 ms later).
            var command = try ReportCommand.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            ReportCommand.exit(withError: error)
        }
    }
}
