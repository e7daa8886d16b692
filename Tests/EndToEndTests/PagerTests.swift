import Foundation
import Testing
import TestSupport

/// Long human output on a terminal goes through the pager (REPORT_PAGER, PAGER, else `less
/// -FRX`), as git and gh do; never in a pipe, with --json or with --no-pager. Run on a real
/// terminal with script(1), each with a pager of its own that marks what it was given.
@Suite("The pager, on a terminal", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1)"))
struct PagerTests {
    /// A pager that says what LESS it got, waits (report must wait for it), then shows its input
    /// marked line by line.
    static let markingPager = #"echo "LESS=$LESS"; sleep 0.5; sed 's/^/paged: /'"#

    /// `command` (report's arguments, as shell words) on a terminal; what the terminal showed.
    func onTerminal(_ command: String, environment: [String: String] = ["REPORT_PAGER": markingPager],
                    rows: Int = 50, columns: Int = 100) async throws -> RunResult {
        let shell = "stty rows \(rows) cols \(columns); '\(Paths.report.path)' \(command)"
        var variables = ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42", "TERM": "xterm"]
        variables.merge(environment) { $1 }
        let result = try await run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", shell, "/dev/null"],
                                   environment: variables, timeLimit: .seconds(30))
        // The terminal ends lines with CR LF.
        return RunResult(status: result.status, stdout: result.stdout.replacingOccurrences(of: "\r\n", with: "\n"),
                         stderr: result.stderr, timedOut: result.timedOut)
    }

    /// A terminal whose size the kernel reports as 0×0 (script(1) without a terminal around it, some
    /// CI runners) is still a terminal: the table for a person at 80 columns, not the pipe's TSV.
    @Test func aTerminalOfNoReportedSizeIsATerminalOf80Columns() async throws {
        let result = try await onTerminal("list --no-pager", rows: 0, columns: 0)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("TERM  DATE") == true, "\(result.stdout)")
        #expect(!result.stdout.contains("\t"), "the pipe's TSV on a terminal: \(result.stdout)")
        // Hangul takes two columns: the company names count twice.
        let widths = lines.map { $0.unicodeScalars.reduce(0) { $0 + ((0xAC00...0xD7A3).contains($1.value) ? 2 : 1) } }
        #expect(widths.allSatisfy { $0 <= 80 }, "\(result.stdout)")
    }

    @Test func aReportOnATerminalGoesThroughThePagerWhichReportWaitsFor() async throws {
        let result = try await onTerminal("fetch 1001")
        #expect(result.status == 0)
        #expect(result.stdout.contains("LESS=FRX"), "LESS is set for less, as git sets it")
        #expect(result.stdout.contains("paged: ") && result.stdout.contains("term 1001"))
        let lastLine = result.stdout.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        #expect(lastLine?.hasPrefix("paged: ") == true, "the pager's output is all there: report waited for it: \(result.stdout.debugDescription)")
    }

    @Test(arguments: [("fetch 1001 --no-pager", "--no-pager"), ("fetch 1001 --json", "--json"),
                      ("fetch 1001 | cat", "a pipe"), ("fetch 1001 -o \(FileManager.default.temporaryDirectory.path)/report-pager-test.txt", "-o")])
    func noPager(command: String, because: String) async throws {
        let result = try await onTerminal(command)
        #expect(result.status == 0)
        #expect(!result.stdout.contains("paged: ") && !result.stdout.contains("LESS="), "\(because): no pager")
    }

    @Test func reportPagerWinsOverPagerAndEmptyOrCatMeansNone() async throws {
        let viaPager = try await onTerminal("hint tips", environment: ["PAGER": Self.markingPager])
        #expect(viaPager.stdout.contains("paged: "))
        let both = try await onTerminal("hint tips", environment: ["PAGER": "sed 's/^/wrong: /'", "REPORT_PAGER": Self.markingPager])
        #expect(both.stdout.contains("paged: ") && !both.stdout.contains("wrong: "))
        for none in ["", "cat"] {
            let direct = try await onTerminal("hint tips", environment: ["REPORT_PAGER": none, "PAGER": Self.markingPager])
            #expect(direct.status == 0)
            #expect(!direct.stdout.contains("paged: ") && direct.stdout.contains("면접 팁"), "REPORT_PAGER=\(none)")
        }
    }

    @Test func stderrWaitsUntilThePagerHasExited() async throws {
        // list's footer (where the next page starts) is on stderr: it comes after the table.
        let result = try await onTerminal("list --limit 3")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let footer = try #require(lines.firstIndex { $0.contains("3 shown; page 1 of") })
        let lastPaged = try #require(lines.lastIndex { $0.hasPrefix("paged: ") })
        #expect(footer > lastPaged, "\(result.stdout)")
    }

    @Test func aCommandThatFailsStartsNoPager() async throws {
        let result = try await onTerminal("fetch 9999")
        #expect(result.status == 66)
        #expect(!result.stdout.contains("LESS="), "no pager for an error")
        #expect(result.stdout.contains("report: term 9999: "))
    }

    @Test func aPagerThatIsNotThereShowsTheOutputAndSaysSo() async throws {
        let result = try await onTerminal("fetch 1001", environment: ["REPORT_PAGER": "no-such-pager-here -R"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("term 1001"))
        #expect(result.stdout.contains("report: the pager 'no-such-pager-here' was not found; set REPORT_PAGER, or use --no-pager"))
    }

    @Test func thePagerGetsNoDescriptorOfOursAndNoneOfReportsVariables() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-pager-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // ls has what the pager's shell passes on to a program, its output file and the folder it lists.
        let pager = "ls -l /proc/self/fd > '\(folder.path)/fds'; env > '\(folder.path)/env'; cat > /dev/null"
        for command in ["list --limit 3", "api /v1/me"] {
            let result = try await onTerminal(command, environment: ["REPORT_PAGER": pager])
            #expect(result.status == 0, "\(command): \(result.stdout)")
            let listing = try String(contentsOf: folder.appendingPathComponent("fds"), encoding: .utf8)
            let descriptors = listing.split(separator: "\n").compactMap { line -> String? in
                guard let arrow = line.range(of: " -> "), !line[arrow.upperBound...].hasPrefix("/proc/") else { return nil }
                return line[..<arrow.lowerBound].split(separator: " ").last.map(String.init)
            }
            #expect(Set(descriptors) == ["0", "1", "2"], "\(command): the pager inherited \(listing)")
            #expect(!listing.contains("socket:"), "\(command): \(listing)")
            let environment = try String(contentsOf: folder.appendingPathComponent("env"), encoding: .utf8)
            #expect(!environment.contains("demo-access-42"), "\(command): the pager got the token")
            #expect(!environment.split(separator: "\n").contains { $0.hasPrefix("REPORT_") }, "\(command): \(environment)")
            #expect(environment.contains("LESS=FRX"), "the rest of the environment is there")
        }
    }

    /// A service with `count` interviews whose rows are wide: `list --all` writes far more than a
    /// pipe holds, so a pager that quits after a line leaves report writing into a closed pipe.
    private func longList(count: Int) throws -> LoopbackServer {
        try LoopbackServer(routes: ["/v1/interviews": { request, connection in
            let query = (request.query ?? "").split(separator: "&")
            func number(_ name: String) -> Int? { query.first { $0.hasPrefix(name + "=") }.flatMap { Int($0.dropFirst(name.count + 1)) } }
            let page = number("page") ?? 1, size = number("size") ?? 20
            let items = ((page - 1) * size..<min(page * size, count)).map { index in
                #"{"termNo": \#(100_000 + index), "companyName": "사람인 \#(String(repeating: "가", count: 20))", "occupationName": "iOS 개발 \#(index)", "careerName": "신입", "regDate": "2026-11-02T10:15:00+09:00", "itemTypeCode": "COMPANY", "programLevel": "BASIC", "analysisStatus": "DONE"}"#
            }
            connection.respond(status: 200, body: #"{"items": [\#(items.joined(separator: ","))], "page": \#(page), "size": \#(size), "total": \#(count)}"#)
            return .keepAlive
        }])
    }

    @Test(arguments: ["head -1", "true"])
    func quittingThePagerEarlyEndsASuccessfulCommandWithExit0(pager: String) async throws {
        let server = try longList(count: 3000)
        defer { server.stop() }
        let result = try await onTerminal("list --all", environment: ["REPORT_PAGER": pager, "REPORT_BASE_URL": server.baseURL])
        #expect(result.status == 0, "status \(result.status): \(result.stdout.suffix(300))")
        #expect(!result.stdout.contains("report: "), "quietly: \(result.stdout.suffix(300))")
    }

    @Test func quittingThePagerDuringABatchEndsItWithTheStatusSoFar() async throws {
        // 80 reports are far more than a pipe holds: the batch is still writing when head quits.
        let terms = (0..<20).flatMap { _ in ["1001", "1002", "1003", "1004"] }.joined(separator: " ")
        let result = try await onTerminal("fetch \(terms)", environment: ["REPORT_PAGER": "head -1"])
        #expect(result.status == 0, "status \(result.status): \(result.stdout.suffix(300))")
        #expect(!result.stdout.contains("80 of 80 fetched"), "the batch stopped: \(result.stdout.suffix(300))")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/less"), "needs less"))
    func theDefaultIsLessWhichQuitsAtOnceWhenTheTextFits() async throws {
        let result = try await onTerminal("fetch 1002", environment: [:], rows: 200)
        #expect(result.status == 0, "less -F quits by itself: the run ends")
        #expect(result.stdout.contains("term 1002"))
        #expect(!result.timedOut)
    }
}
