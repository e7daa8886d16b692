import Foundation

/// Finds the repository's `ServerData/demo` when no `--data` is given: above the executable
/// (`.build/debug/report-server`) first, then above the current directory.
enum DemoDataLocator {
    static let relativePath = "ServerData/demo"

    static func find(fileManager: FileManager = .default) -> URL? {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let starts = [
            fileManager.fileExists(atPath: executable.path) ? executable.deletingLastPathComponent() : nil,
            Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent(),
            URL(fileURLWithPath: fileManager.currentDirectoryPath),
        ]
        for start in starts.compactMap({ $0 }) {
            var directory = start.standardizedFileURL
            while true {
                let candidate = directory.appendingPathComponent(relativePath, isDirectory: true)
                if fileManager.fileExists(atPath: candidate.appendingPathComponent("members.json").path) {
                    return candidate
                }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        return nil
    }
}
