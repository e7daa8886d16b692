import Foundation
import Testing
import TestSupport

/// ⇥ in real interactive bash, zsh and fish on a terminal of their own (Tests/Scripts/shell_completion.py),
/// with the built `report` on PATH and `report completion SHELL` loaded, in a folder that holds
/// `config/` and `cache/` folders and a file `report-1001.html`: command words complete from the
/// commands only (never as the folders' names), `report help` from the topics and the commands,
/// option values from their lists, and file names only where an option takes a file. A process
/// is the point: what the line becomes is the shell's doing, not report's.
@Suite("⇥ in bash, zsh and fish")
struct ShellCompletionTests {
    /// What is typed before ⇥, and the words the line then holds (`_END` typed right after ⇥:
    /// a separate word when ⇥ ended the word with a space).
    static let cases: [(typed: String, words: [String])] = [
        ("report con", ["report", "config", "_END"]),
        ("report help ex", ["report", "help", "exit-codes", "_END"]),
        // The options every command shares go before the command too: the command after them completes.
        ("report --lang ko fe", ["report", "--lang", "ko", "fetch", "_END"]),
        ("report --color nev", ["report", "--color", "never", "_END"]),
        ("report auth sw", ["report", "auth", "switch", "_END"]),
        ("report help auth to", ["report", "help", "auth", "token", "_END"]),
        ("report help compl", ["report", "help", "completion", "_END"]),
        ("report completion z", ["report", "completion", "zsh", "_END"]),
        ("report fetch --section ap", ["report", "fetch", "--section", "aptitude", "_END"]),
        ("report fetch -o rep", ["report", "fetch", "-o", "report-1001.html", "_END"]),
        ("report list --output rep", ["report", "list", "--output", "report-1001.html", "_END"]),
        // A folder where a file is asked for: its name and a slash, ready for what is in it.
        ("report fetch --terms-from con", ["report", "fetch", "--terms-from", "config/_END"]),
    ]

    static func installed(_ shell: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains { folder in
            FileManager.default.isExecutableFile(atPath: "\(folder)/\(shell)")
        }
    }

    @Test(.enabled(if: installed("bash"), "bash is not installed"))
    func bash() async throws { try await pressTab(in: "bash") }

    @Test(.enabled(if: installed("zsh"), "zsh is not installed (scripts/bootstrap installs it: apt-get install zsh)"))
    func zsh() async throws { try await pressTab(in: "zsh") }

    @Test(.enabled(if: installed("fish"), "fish is not installed (scripts/bootstrap installs it: apt-get install fish)"))
    func fish() async throws { try await pressTab(in: "fish") }

    private func pressTab(in shell: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-tab-\(shell)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["config", "cache"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try Data("<!doctype html>\n".utf8).write(to: folder.appendingPathComponent("report-1001.html"))
        let generated = try await run(Paths.report, ["completion", shell])
        try #require(generated.status == 0, "report completion \(shell): \(generated.stderr)")
        let script = folder.appendingPathComponent(".completion.\(shell)")
        try Data(generated.stdout.utf8).write(to: script)
        let path = Paths.report.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let helper = Paths.repository.appendingPathComponent("Tests/Scripts/shell_completion.py").path
        for (typed, words) in Self.cases {
            let result = try await run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", helper, shell, folder.path, script.path, typed],
                                       environment: ["PATH": path], timeLimit: .seconds(150))
            let session = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let shown = session?["output"] as? String ?? result.stdout + result.stderr
            #expect(result.status == 0, "\(shell): '\(typed)⇥' never showed its words: \(shown.suffix(600).debugDescription)")
            #expect(session?["words"] as? [String] == words,
                    "\(shell): '\(typed)⇥' made \(String(describing: session?["words"])): \(shown.suffix(600).debugDescription)")
        }
    }
}
