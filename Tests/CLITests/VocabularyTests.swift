import Foundation
import Testing
import TestSupport

/// One vocabulary: the words report shows are words its options accept, and an option's word is
/// read in any case, whichever option it is (`--kind Company` was accepted, `--section Tips` not;
/// `list` showed `ready`, `--status ready` was refused).
@Suite("One vocabulary")
struct VocabularyTests {
    func report(_ arguments: [String]) async -> RunResult {
        await reportInProcess(arguments, environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42"])
    }

    /// Every status word of `list`'s last column (in a pipe, and the Korean table's words aside)
    /// is one `--status` takes, and means what it shows.
    @Test func theStatusWordsListShowsAreTheOnesStatusTakes() async throws {
        let all = await report(["list", "--all"])
        #expect(all.status == 0)
        let rows = all.stdoutLines.filter { !$0.isEmpty }.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        let words = Set(rows.compactMap { $0.last.map(String.init) })
        #expect(words.contains("ready"))
        for word in words {
            let filtered = await report(["list", "--all", "--status", word])
            #expect(filtered.status == 0, "--status \(word): \(filtered.stderr)")
            let shown = filtered.stdoutLines.filter { !$0.isEmpty }
            #expect(!shown.isEmpty && shown.allSatisfy { $0.hasSuffix("\t\(word)") }, "--status \(word)")
        }
    }

    @Test(arguments: ["ready", "READY", "Done", "DONE"])
    func readyAndDoneAreOneStatusInAnyCase(_ word: String) async {
        let done = await report(["list", "--all", "--status", "done", "--jsonl"])
        let other = await report(["list", "--all", "--status", word, "--jsonl"])
        #expect(other.status == 0, "\(other.stderr)")
        #expect(other.stdout == done.stdout)
    }

    /// Each option that takes a word, in another case, means what the word means in lower case.
    @Test(arguments: [
        (["fetch", "1001", "--json", "--section", "Tips,VIDEO"], ["fetch", "1001", "--json", "--section", "tips,video"]),
        (["fetch", "1001", "--json", "--section", "Aptitude", "--section", "Keywords"], ["fetch", "1001", "--json", "--section", "aptitude", "--section", "keywords"]),
        (["fetch", "1001", "--format", "JSON"], ["fetch", "1001", "--format", "json"]),
        (["fetch", "1001", "--format", "Markdown"], ["fetch", "1001", "--format", "markdown"]),
        (["fetch", "1001", "--color", "NEVER"], ["fetch", "1001", "--color", "never"]),
        (["hint", "Aptitude"], ["hint", "aptitude"]),
        (["hint", "CHARACTER", "--json"], ["hint", "character", "--json"]),
        (["trend", "--format", "JSON"], ["trend", "--format", "json"]),
        (["list", "--kind", "Company", "--limit", "3"], ["list", "--kind", "company", "--limit", "3"]),
        (["status", "--lang", "KO"], ["status", "--lang", "ko"]),
    ])
    func anOptionsWordIsReadInAnyCase(_ mixed: [String], _ lower: [String]) async {
        let expected = await report(lower)
        let result = await report(mixed)
        #expect(result.status == expected.status, "\(mixed): \(result.stderr)")
        #expect(result.status == 0)
        #expect(result.stdout == expected.stdout, "\(mixed)")
    }

    /// A word no option takes is still refused, with the words it takes.
    @Test func aWrongWordStillNamesTheWordsTaken() async {
        let result = await report(["list", "--status", "finished"])
        #expect(result.status == 64)
        #expect(result.stderr == "report: invalid value 'finished' for '--status' (valid values: done, ready, pending, failed); see 'report list --help'\n")
    }
}
