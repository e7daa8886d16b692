import Foundation
import Testing
import TestSupport

/// `report compare` and `report trend` on the demo data (1031–1035: five personality interviews
/// a month apart, scores rising; the rest of member 42's history mixed), in-process against the
/// reference server. The human output at three widths is in the golden files.
@Suite("compare and trend, end to end")
struct ProgressCommandTests {
    func report(_ arguments: [String]) async -> RunResult {
        await reportInProcess(arguments, environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42"])
    }

    @Test func compareShowsEachTraitsChangeFromTheFirstTermToTheSecond() async throws {
        let result = await report(["compare", "1031", "1035", "--json"])
        #expect(result.status == 0)
        let document = try result.json()
        #expect((document["before"] as? [String: Any])?["termNo"] as? Int == 1031)
        let traits = try #require(document["traits"] as? [[String: Any]])
        #expect(traits.map { $0["name"] as? String } == ["책임감", "협업 능력", "도전 정신", "공감 능력", "스트레스 관리"])
        #expect(traits.map { $0["change"] as? Int } == [14, 16, 24, 9, 32])
        #expect((document["games"] as? [Any])?.isEmpty == true, "a personality report shows no aptitude")
        #expect(document["sectionsOnlyBefore"] as? [String] == [])
    }

    @Test func compareAcrossKindsSaysWhatOnlyOneHas() async throws {
        let document = try await report(["compare", "1002", "1001", "--json"]).json()
        #expect(document["sectionsOnlyAfter"] as? [String] == ["aptitude"])
        let responsibility = try #require((document["traits"] as? [[String: Any]])?.first { $0["name"] as? String == "책임감" })
        #expect(responsibility["before"] as? Int == 67 && responsibility["after"] as? Int == 86 && responsibility["change"] as? Int == 19)
        let empathy = try #require((document["traits"] as? [[String: Any]])?.first { $0["name"] as? String == "공감 능력" })
        #expect(empathy["after"] is NSNull && empathy["change"] is NSNull)
        let aptitude = try #require(document["aptitude"] as? [String: Any])
        #expect(aptitude["before"] is NSNull && aptitude["gradeSteps"] is NSNull)
    }

    @Test func compareLatestTakesTheTwoNewestFinishedOfOneKindOlderFirstAndSaysWhich() async throws {
        let document = try await report(["compare", "--latest", "2", "--json"]).json()
        // 1005 and 1006 are pending: the newest finished is 1001 (company, Nov 2); 1002 (Oct 30)
        // is a personality interview, so the company one before it is 1004 (Oct 21).
        #expect((document["before"] as? [String: Any])?["termNo"] as? Int == 1004)
        #expect((document["after"] as? [String: Any])?["termNo"] as? Int == 1001)
        let text = await report(["compare", "--latest", "2"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("the two newest company interviews whose analysis is done"), "\(text.stdout)")
    }

    /// 1002 (30 Oct, personality: 책임감 67) was taken before 1001 (2 Nov, company: 책임감 86):
    /// given newer first, the change still reads from the older to the newer, and stderr says so.
    @Test func compareShowsTheChangeFromTheOlderToTheNewerWhicheverOrderTheTermsAreGiven() async throws {
        let backwards = await report(["compare", "1001", "1002"])
        #expect(backwards.status == 0, "\(backwards.stderr)")
        let row = backwards.stdoutLines.first { $0.hasPrefix("  책임감") } ?? ""
        #expect(row.contains("67") && row.contains("86") && row.hasSuffix("▲ 19"), "a member who improved reads ▲: \(backwards.stdout)")
        #expect(!backwards.stdout.contains("▼ 19"))
        #expect(backwards.stdoutLines.first == "Compare term 1002 → term 1001", "\(backwards.stdout)")
        #expect(backwards.stderrLines == [
            "report: interview 1002 was taken before 1001: showing the change from the older to the newer",
            "report: the two interviews are of different kinds (personality interview, company interview): traits and games are compared by name",
        ], "\(backwards.stderr)")
        let forwards = await report(["compare", "1002", "1001"])
        #expect(forwards.stdout == backwards.stdout)
        #expect(forwards.stderrLines == [
            "report: the two interviews are of different kinds (personality interview, company interview): traits and games are compared by name",
        ], "only the kinds: \(forwards.stderr)")
        let sameKind = await report(["compare", "1031", "1035"])
        #expect(sameKind.stderr.isEmpty, "\(sameKind.stderr)")

        // The document too: `before` is the older whichever was given first.
        for terms in [["1001", "1002"], ["1002", "1001"]] {
            let document = try await report(["compare"] + terms + ["--json"]).json()
            #expect((document["before"] as? [String: Any])?["termNo"] as? Int == 1002)
            #expect((document["after"] as? [String: Any])?["termNo"] as? Int == 1001)
            let responsibility = (document["traits"] as? [[String: Any]])?.first { $0["name"] as? String == "책임감" }
            #expect(responsibility?["change"] as? Int == 19, "\(terms)")
        }
        // And the pages.
        let page = await report(["compare", "1001", "1004", "--format", "html"])
        #expect(page.stdout.contains("<h1>Interview 1004 → interview 1001</h1>"), "\(page.stdout)")
        #expect(page.stdout.contains("<span class=\"up\">▲ 1</span>"), "grade C → B")
        #expect(page.stderrLines == ["report: interview 1004 was taken before 1001: showing the change from the older to the newer"])
        let markdown = await report(["compare", "1035", "1031", "--format", "markdown"])
        #expect(markdown.stdout.hasPrefix("# Interview 1031 → interview 1035\n"), "\(markdown.stdout)")
    }

    @Test func compareSaysInKoreanWhenItSwappedTheTermsOrTheKindsDiffer() async {
        let result = await report(["compare", "1001", "1002", "--lang", "ko"])
        #expect(result.status == 0)
        #expect(result.stderrLines == [
            "report: 먼저 본 면접부터 비교합니다. 면접 번호 1002에서 1001까지의 변화입니다.",
            "report: 두 면접의 유형이 다릅니다(인성 면접, 기업 면접). 특성과 게임은 이름이 같은 것끼리 비교합니다.",
        ], "\(result.stderr)")
        let same = await report(["compare", "1001", "1001", "--lang", "ko"])
        #expect(same.status == 0)
        #expect(same.stderrLines == ["report: 두 번호가 모두 면접 번호 1001입니다. 같은 면접끼리 비교하므로 변화가 없습니다."], "\(same.stderr)")
    }

    @Test func compareWarnsWhenBothTermsAreOneInterview() async throws {
        let result = await report(["compare", "1001", "1001"])
        #expect(result.status == 0)
        #expect(result.stderrLines == ["report: both terms are interview 1001: it is compared with itself, so nothing changes"],
                "\(result.stderr)")
        let document = try await report(["compare", "1001", "1001", "--json"]).json()
        #expect((document["traits"] as? [[String: Any]])?.allSatisfy { $0["change"] as? Int == 0 } == true)
    }

    @Test func compareShowsTheVideoMeasuresAndPerQuestionWhereTheQuestionsMatch() async throws {
        let document = try await report(["compare", "1031", "1035", "--json"]).json()
        let video = try #require(document["video"] as? [[String: Any]])
        let gaze = try #require(video.first { $0["measure"] as? String == "gazeStability" && $0["question"] is NSNull })
        #expect(gaze["before"] as? Int == 58 && gaze["after"] as? Int == 81 && gaze["change"] as? Int == 23)
        let first = try #require(video.first { $0["measure"] as? String == "voiceStability" && $0["number"] as? Int == 1 })
        #expect(first["question"] as? String == "1분 동안 자기소개를 해 주세요." && first["before"] as? Int == 62 && first["after"] as? Int == 79)
        let text = await report(["compare", "1031", "1035"])
        let lines = text.stdoutLines
        #expect(lines.contains { $0.hasPrefix("  Video") })
        #expect(lines.contains { $0.hasPrefix("  gaze") && $0.hasSuffix("▲ 23") }, "\(text.stdout)")
        #expect(lines.contains { $0.hasPrefix("  Q1 voice") && $0.hasSuffix("▲ 17") }, "\(text.stdout)")
        #expect(lines.contains { $0.hasPrefix("  syllables/min") && $0.hasSuffix("−32") }, "a rate is not better or worse: \(text.stdout)")
        // 1001 asked the same first question and three others.
        let company = try await report(["compare", "1031", "1001", "--json"]).json()
        let questions = Set((company["video"] as? [[String: Any]] ?? []).compactMap { $0["question"] as? String })
        #expect(questions == ["1분 동안 자기소개를 해 주세요."])
    }

    @Test func compareWritesMarkdownAndHTML() async throws {
        let markdown = await report(["compare", "1031", "1035", "--format", "markdown"])
        #expect(markdown.status == 0, "\(markdown.stderr)")
        #expect(markdown.stdout.hasPrefix("# Interview 1031 → interview 1035\n"))
        #expect(markdown.stdout.contains("## Character\n"))
        #expect(markdown.stdout.contains("| 책임감") && markdown.stdout.contains("▲ 14"))
        let html = await report(["compare", "1001", "1004", "--format", "html"])
        #expect(html.status == 0, "\(html.stderr)")
        #expect(html.stdout.hasPrefix("<!DOCTYPE html>") && html.stdout.hasSuffix("</html>\n"))
        #expect(html.stdout.contains("<h1>Interview 1004 → interview 1001</h1>"), "the older first")
        #expect(html.stdout.contains("<span class=\"up\">▲ 1</span>"), "grade C → B")
        #expect(await report(["compare", "1001", "1004", "--json", "--format", "html"]).status == 64)
    }

    @Test func aPercentileIsFramedAsTheReportFramesIt() async {
        let fetch = await report(["fetch", "1001"])
        #expect(fetch.stdout.contains("top 26%"))
        let compare = await report(["compare", "1001", "1004"])
        let percentile = compare.stdoutLines.first { $0.hasPrefix("  percentile") } ?? ""
        #expect(percentile.contains("top 26%") && percentile.contains("top 45%"), "\(compare.stdout)")
        let trend = await report(["trend", "--kind", "company", "--since", "2026-06-01"])
        let row = trend.stdoutLines.first { $0.hasPrefix("  percentile") } ?? ""
        #expect(row.contains("top 67%") && row.contains("top 26%"), "\(trend.stdout)")
        let page = await report(["trend", "--kind", "company", "--since", "2026-06-01", "--format", "html"])
        #expect(page.stdout.contains(">top 67%<") && !page.stdout.contains(">33<"), "the page frames it the same")
    }

    @Test func aKeywordHasOneFormInEveryView() async {
        let fetch = await report(["fetch", "1001"])
        #expect(fetch.stdout.contains("크래시율 개선") && !fetch.stdout.contains("#크래시율_개선"), "\(fetch.stdout)")
        let compare = await report(["compare", "1001", "1004"])
        #expect(compare.stdout.contains("크래시율 개선"))
        let wrapped = await reportInProcess(["fetch", "1001"], environment: ["REPORT_BASE_URL": ReferenceServer.demo.baseURL,
                                                                             "REPORT_TOKEN": "demo-access-42"], columns: 40)
        #expect(!wrapped.stdoutLines.contains { $0.hasSuffix("크래시율") || $0.hasPrefix("  개선") }, "never broken inside a keyword")
    }

    @Test func theSummaryCoversEverySeriesTheTrendShows() async {
        // Over every interview the traits rose, but the grade (A → B), the percentile and
        // three games fell.
        let trend = await report(["trend"])
        #expect(trend.status == 0)
        let fell = trend.stdoutLines.first { $0.hasPrefix("  Fell: ") } ?? ""
        #expect(fell.hasPrefix("  Fell: grade ▼ 1, 기억력 게임 ▼ 24, 숫자 추론 ▼ 20, and 4 more"), "\(trend.stdout)")
        let video = await report(["trend", "1031", "1032", "1033", "1034", "1035"])
        #expect(video.stdoutLines.contains { $0.hasPrefix("  Improved most: ") && $0.contains("gaze ▲ 23") }, "\(video.stdout)")
    }

    @Test func aSparklineCoversTheInterviewsOfItsColumnsOnOneTimeAxis() async {
        let environment = ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42", "NO_COLOR": "1"]
        // 32 finished interviews, room for all of them at 200 columns: one mark each.
        let wide = await reportInProcess(["trend"], environment: environment, columns: 200)
        func marks(_ line: String) -> Substring {
            line.split(separator: " ").first { !$0.isEmpty && $0.allSatisfy { "▁▂▃▄▅▆▇█·".contains($0) } } ?? ""
        }
        let responsibility = wide.stdoutLines.first { $0.hasPrefix("  책임감") } ?? ""
        #expect(marks(responsibility).count == 32, "a mark an interview, · where it has none: \(responsibility)")
        #expect(marks(responsibility).first == "▆", "the first mark is the first column's 72")
        #expect(marks(responsibility).contains("·"))
        // Five personality interviews, a trait only two of them scored: gaps in place.
        let five = await reportInProcess(["trend", "--kind", "personality", "--last", "5"], environment: environment, columns: 80)
        let challenge = five.stdoutLines.first { $0.hasPrefix("  도전 정신") } ?? ""
        #expect(marks(challenge).count == 5 && marks(challenge).filter { $0 == "·" }.count == 3, "\(five.stdout)")
        // At 80 columns 32 do not fit: a mark is two, and it says so.
        let narrow = await reportInProcess(["trend"], environment: environment, columns: 80)
        #expect(narrow.stdout.contains("each mark: 2 interviews"), "\(narrow.stdout)")
    }

    @Test func trendTakesTermsAndUntil() async throws {
        let terms = try await report(["trend", "1035", "1031", "1033", "--json"]).json()
        #expect((terms["reports"] as? [[String: Any]])?.map { $0["termNo"] as? Int } == [1031, 1033, 1035])
        let video = try #require(terms["video"] as? [[String: Any]])
        #expect(video.map { $0["name"] as? String } == ["gazeStability", "voiceStability"])
        let until = try await report(["trend", "--kind", "personality", "--since", "2025-10-01", "--until", "2026-01-31", "--json"]).json()
        #expect((until["reports"] as? [[String: Any]])?.map { $0["termNo"] as? Int } == [1031, 1032, 1033, 1034])
        #expect(await report(["trend", "1031"]).status == 64)
        #expect(await report(["trend", "1031", "1032", "--kind", "personality"]).status == 64)
        #expect(await report(["trend", "--until", "2026-02-30x"]).status == 64)
    }

    @Test func levelsAreNotColouredAsGoodOrBad() async {
        let result = await report(["fetch", "1001", "--color", "always"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}[32mhigh") && !result.stdout.contains("\u{1B}[33mlow"), "no green high, no yellow low")
        #expect(result.stdout.contains("\u{1B}[1mhigh") && result.stdout.contains("\u{1B}[2mlow"), "strength: bold high, dim low")
    }

    @Test func colourEscapesAreNotCountedAsWidth() async {
        let environment = ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42"]
        for arguments in [["trend"], ["compare", "1001", "1004"], ["compare", "1031", "1035"]] {
            let coloured = await reportInProcess(arguments + ["--color", "always"], environment: environment, columns: 40)
            let plain = await reportInProcess(arguments + ["--color", "never"], environment: environment, columns: 40)
            let stripped = coloured.stdout.replacing(/\x1B\[[0-9;]*m/, with: "")
            #expect(stripped == plain.stdout, "colour changes no line break: \(arguments)")
        }
    }

    @Test(arguments: [
        (["compare", "1001"], "give exactly two terms to compare, not 1"),
        (["compare", "1001", "1002", "1003"], "give exactly two terms to compare, not 3"),
        (["compare", "--latest", "3"], "--latest compares two reports: give --latest 2, not 3"),
        (["compare", "1001", "1002", "--latest", "2"], "give two terms or --latest 2, not both"),
        (["compare", "1001", "1002", "--kind", "company"], "--kind goes with --latest (the terms given say their kind)"),
        (["trend", "--since", "2026-13-01"], "invalid --since '2026-13-01': give a date as YYYY-MM-DD, e.g. 2026-01-01"),
        (["trend", "--last", "1"], "invalid --last 1: a trend needs at least 2 interviews"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) async {
        let result = await report(arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("report: \(message)"), "\(result.stderr)")
    }

    @Test func aPendingOrFailedAnalysisCannotBeCompared() async {
        let pending = await report(["compare", "1001", "1005"])
        #expect(pending.status == 75)
        let failed = await report(["compare", "1008", "1001"])
        #expect(failed.status == 65)
        #expect(pending.stdout == "" && failed.stdout == "")
    }

    @Test func trendFollowsTheSeriesOldestFirst() async throws {
        let document = try await report(["trend", "--kind", "personality", "--since", "2025-10-01", "--last", "20", "--json"]).json()
        let reports = try #require(document["reports"] as? [[String: Any]])
        #expect(reports.first?["termNo"] as? Int == 1031, "oldest first")
        #expect(reports.allSatisfy { $0["itemTypeCode"] as? String == "PERSONALITY" && $0["analysisStatus"] as? String == "DONE" })
        let traits = try #require(document["traits"] as? [[String: Any]])
        let responsibility = try #require(traits.first { $0["name"] as? String == "책임감" })
        let points = try #require(responsibility["points"] as? [[String: Any]])
        #expect(points.prefix(5).map { $0["value"] as? Int } == [72, 75, 79, 83, 86])
        #expect((responsibility["first"] as? [String: Any])?["termNo"] as? Int == 1031)

        let five = try await report(["trend", "--kind", "personality", "--last", "5", "--json"]).json()
        #expect((five["reports"] as? [Any])?.count == 5)
        #expect(five["games"] as? [Any] != nil)
    }

    @Test func trendJSONLinesAreOneSeriesALineThenTheAptitude() async throws {
        let result = await report(["trend", "--kind", "company", "--jsonl"])
        #expect(result.status == 0)
        let lines = result.stdoutLines.filter { !$0.isEmpty }
        let kinds = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["kind"] as? String }
        #expect(kinds.last == "aptitude")
        #expect(kinds.contains("trait") && kinds.contains("game"))
    }

    @Test func trendShowsTheVideoPerQuestionWhereTheQuestionsMatch() async throws {
        // 1031–1035 asked the same three questions: gaze and voice of each, over five interviews.
        let document = try await report(["trend", "1031", "1032", "1033", "1034", "1035", "--json"]).json()
        let questions = try #require(document["videoQuestions"] as? [[String: Any]])
        #expect(questions.count == 6, "three questions, gaze and voice each")
        let first = try #require(questions.first)
        #expect(first["measure"] as? String == "gazeStability" && first["number"] as? Int == 1)
        #expect(first["question"] as? String == "1분 동안 자기소개를 해 주세요." && first["name"] as? String == "1분 동안 자기소개를 해 주세요.")
        #expect((first["points"] as? [Any])?.count == 5)
        let voice = try #require(questions.first { $0["measure"] as? String == "voiceStability" && $0["number"] as? Int == 1 })
        #expect((voice["first"] as? [String: Any])?["value"] as? Int == 62 && (voice["last"] as? [String: Any])?["value"] as? Int == 79,
                "as compare 1031 1035 has it")
        let text = await report(["trend", "1031", "1032", "1033", "1034", "1035"])
        #expect(text.stdoutLines.contains { $0.hasPrefix("  Q1 voice") && $0.hasSuffix("▲ 17") }, "\(text.stdout)")
        #expect(text.stdoutLines.contains { $0.hasPrefix("  Q1  1분 동안 자기소개를 해 주세요.") }, "\(text.stdout)")
        let page = await report(["trend", "1031", "1032", "1033", "1034", "1035", "--format", "html"])
        #expect(page.stdout.contains("<td>Q1 voice</td>"), "the page has the rows too")
        // Over every interview, the personality and the company questions both start at 1:
        // numbered in the order first asked instead, so that no label stands for two questions.
        let all = await report(["trend"])
        let rows = all.stdoutLines.filter { $0.hasPrefix("  Q") && ($0.contains(" gaze ") || $0.contains(" voice ")) }
            .map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
        #expect(rows.count == 10 && Set(rows).count == rows.count, "\(all.stdout)")
        let notes = all.stdoutLines.filter { $0.hasPrefix("  Q") && !$0.contains(" gaze ") && !$0.contains(" voice ") }
        #expect(notes.count == 5, "a note a question: \(notes)")
        // 1001 and 1004 share no question: no per-question rows, no empty table.
        let none = try await report(["trend", "1001", "1004", "--json"]).json()
        #expect((none["videoQuestions"] as? [Any])?.isEmpty == true)
    }

    @Test func trendJSONLinesCarryTheVideoSeries() async throws {
        let result = await report(["trend", "1031", "1032", "1033", "1034", "1035", "--jsonl"])
        #expect(result.status == 0)
        let lines = try result.stdoutLines.filter { !$0.isEmpty }.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let kinds = lines.map { $0["kind"] as? String ?? "" }
        #expect(kinds.filter { $0 == "video" }.count == 2, "gaze and voice: \(kinds)")
        #expect(kinds.filter { $0 == "videoQuestion" }.count == 6, "\(kinds)")
        #expect(kinds.last == "aptitude")
        let gaze = try #require(lines.first { $0["kind"] as? String == "video" })
        #expect(gaze["name"] as? String == "gazeStability" && (gaze["points"] as? [Any])?.count == 5)
        let question = try #require(lines.first { $0["kind"] as? String == "videoQuestion" })
        #expect(question["number"] as? Int == 1 && question["measure"] as? String == "gazeStability")
    }

    @Test func theJSONSummaryCoversEverySeriesTheTextSummaryDoes() async throws {
        // Over every interview the traits rose, but the grade (A → B), the percentile and three
        // games fell: `fell` (traits only) is empty, `fellSeries` has them all, in the text's order.
        let document = try await report(["trend", "--json"]).json()
        #expect((document["fell"] as? [Any])?.isEmpty == true, "the traits only, as before")
        let fell = try #require(document["fellSeries"] as? [[String: Any]])
        #expect(fell.prefix(3).map { "\($0["kind"] as? String ?? "") \($0["name"] as? String ?? "") \($0["change"] as? Int ?? 0)" }
                == ["grade grade -1", "game 기억력 게임 -24", "game 숫자 추론 -20"], "\(fell)")
        let text = await report(["trend"])
        let more = text.stdoutLines.first { $0.hasPrefix("  Fell: ") }.flatMap { $0.split(separator: "and ").last }
        #expect(more.map { "\($0)" } == "\(fell.count - 3) more", "as many as the text counts")
        let improved = try #require(document["improvedSeries"] as? [[String: Any]])
        let traits = try #require(document["improved"] as? [String])
        #expect(Set(traits).isSubset(of: Set(improved.compactMap { $0["kind"] as? String == "trait" ? $0["name"] as? String : nil })))
        // With the video: its means and its questions are counted too.
        let personality = try await report(["trend", "1031", "1032", "1033", "1034", "1035", "--json"]).json()
        let rose = try #require(personality["improvedSeries"] as? [[String: Any]])
        #expect(rose.contains { $0["kind"] as? String == "video" && $0["name"] as? String == "gazeStability" && $0["change"] as? Int == 23 })
        #expect(rose.contains { $0["kind"] as? String == "videoQuestion" && $0["number"] as? Int == 1 && $0["measure"] as? String == "voiceStability" })
    }

    @Test func tooFewFinishedInterviewsIsNotFoundWithAHint() async {
        let result = await report(["trend", "--since", "2030-01-01"])
        #expect(result.status == 66)
        #expect(result.stderr == "report: trend: needs at least two interviews whose analysis is done, found 0; take in more interviews: widen --kind, --since, --until or --last (report list --status done shows them)\n")
    }
}
