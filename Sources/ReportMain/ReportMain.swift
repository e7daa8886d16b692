import CLI
#if canImport(Glibc)
import Glibc
#endif

/// `report`: everything lives in the CLI library (so the fuzz harness can reach the rendering
/// code and tests can run commands in-process); the executable only starts it.
@main
enum ReportMain {
    static func main() async {
        ReportCommand.prepare()
        exit(await ReportCommand.runProcess(arguments: Array(CommandLine.arguments.dropFirst())))
    }
}
