import Foundation

/// Finds the demo data when no `--data` is given: installed beside the binary first
/// (`PREFIX/bin/report-server` → `PREFIX/share/report/demo`, where the Debian package and
/// scripts/install put it), then the repository's `ServerData/demo` above the executable
/// (`.build/debug/report-server`), then above the current directory.
enum DemoDataLocator {
    static let relativePath = "ServerData/demo"
    static let installedPath = "share/report/demo"

    /// The folders looked in (the installed one) and from (the repository's, upwards), for the
    /// message when none has it.
    struct Search {
        var found: URL?
        var installed: URL?
        var startsAbove: [URL]
    }

    static func find(fileManager: FileManager = .default) -> URL? { search(fileManager: fileManager).found }

    static func search(fileManager: FileManager = .default) -> Search {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let binary = fileManager.fileExists(atPath: executable.path) ? executable.deletingLastPathComponent()
            : Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
        let installed = binary?.deletingLastPathComponent().appendingPathComponent(installedPath, isDirectory: true)
            .standardizedFileURL
        if let installed, holdsData(installed, fileManager) {
            return Search(found: installed, installed: installed, startsAbove: [])
        }
        var starts = [binary, URL(fileURLWithPath: fileManager.currentDirectoryPath)].compactMap { $0?.standardizedFileURL }
        starts = starts.enumerated().filter { index, start in !starts[..<index].contains(start) }.map(\.element)
        for start in starts {
            var directory = start
            while true {
                let candidate = directory.appendingPathComponent(relativePath, isDirectory: true)
                if holdsData(candidate, fileManager) {
                    return Search(found: candidate, installed: installed, startsAbove: starts)
                }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        return Search(found: nil, installed: installed, startsAbove: starts)
    }

    private static func holdsData(_ directory: URL, _ fileManager: FileManager) -> Bool {
        fileManager.fileExists(atPath: directory.appendingPathComponent("members.json").path)
    }
}

extension DemoDataLocator.Search {
    /// "cannot find the demo data in /usr/share/report/demo, nor ServerData/demo above /usr/bin or /tmp/x; pass --data DIR"
    var notFoundMessage: String {
        let installedText = installed.map { " in \($0.path)," } ?? ""
        let above = startsAbove.map(\.path).joined(separator: " or ")
        return "cannot find the demo data\(installedText) nor \(DemoDataLocator.relativePath) above \(above); pass --data DIR"
    }
}
