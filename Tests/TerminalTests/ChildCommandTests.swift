#if canImport(Glibc)
import Glibc
#endif
import Terminal
import Testing

/// `watch --exec`'s words: split as a shell splits a simple command, nothing expanded.
@Suite("Child command words")
struct ChildCommandTests {
    @Test func wordsAreSplitAtBlanksAndKeptWholeInQuotes() {
        #expect(ChildCommand(splitting: "notify-me --term 1")?.words == ["notify-me", "--term", "1"])
        #expect(ChildCommand(splitting: "sh -c 'echo $REPORT_TERM > \"out file\"'")?.words
                == ["sh", "-c", "echo $REPORT_TERM > \"out file\""])
        #expect(ChildCommand(splitting: #"say "a \"quoted\" word" b\ c ''"#)?.words == ["say", #"a "quoted" word"#, "b c", ""])
        #expect(ChildCommand(splitting: "  tab\tand  spaces ")?.words == ["tab", "and", "spaces"])
    }

    @Test func anUnclosedQuoteOrNoWordIsRefused() {
        #expect(ChildCommand(splitting: "echo 'unclosed") == nil)
        #expect(ChildCommand(splitting: "echo \"unclosed") == nil)
        #expect(ChildCommand(splitting: "echo trailing\\") == nil)
        #expect(ChildCommand(splitting: "   ") == nil)
    }

    @Test func theProgramIsRunWithTheEnvironmentGivenAndItsStatusKept() async {
        let command = ChildCommand(words: ["/bin/sh", "-c", "test \"$REPORT_TERM\" = 1006 && exit 3"])
        #expect(await command.run(environment: ["PATH=/usr/bin:/bin", "REPORT_TERM=1006"]) == .exited(3))
        #expect(await command.run(environment: ["PATH=/usr/bin:/bin", "REPORT_TERM=1"]) == .exited(1))
        #expect(await ChildCommand(words: ["no-such-program-of-report"]).run(environment: ["PATH=/usr/bin:/bin"]) == .notStarted(ENOENT))
    }
}
