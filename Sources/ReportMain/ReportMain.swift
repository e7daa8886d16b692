import ArgumentParser
import CLI

/// `report`: everything lives in the CLI library (so the fuzz harness can reach the rendering
/// code); the executable only starts it.
@main
enum ReportMain {
    static func main() async {
        ReportCommand.prepare(arguments: CommandLine.arguments)
        // Spelled through the protocol: `ReportCommand.main()` alone resolves to
        // ParsableCommand's synchronous entry point, which refuses an asynchronous command.
        await (ReportCommand.self as any AsyncParsableCommand.Type).main()
    }
}
