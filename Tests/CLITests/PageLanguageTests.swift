import Foundation
import Testing
import TestSupport

/// The trend and compare pages a member shares (`trend --format html`, `compare --format
/// markdown|html`) are in the run's language, as the report page is: `<html lang>`, every
/// heading, header, note and title from the catalog, dates as the report page writes them, the
/// percentile as "상위 N%", and what the page is and when it was exported in plain words.
@Suite("The shared trend and compare pages in the run's language")
struct PageLanguageTests {
    private func demoEnvironment() -> [String: String] {
        ["REPORT_BASE_URL": ReferenceServer.demo.baseURL, "REPORT_TOKEN": "demo-access-42"]
    }

    /// 2026-11-18 11:06:40 UTC, 20:06 in Seoul (the in-process clock).
    static let exportedAt: Int64 = 1_795_000_000

    /// The Latin words a person reads on a page: its text and its titles and labels (`<title>`,
    /// `aria-label`), without the style sheet, the markup, or the Markdown's table rules.
    static func latinWords(_ page: String) -> Set<String> {
        var text = page.replacingOccurrences(of: #"(?s)<style>.*?</style>"#, with: " ", options: .regularExpression)
        let labels = text.matches(of: /aria-label="([^"]*)"/).map { String($0.output.1) }
        text = text.replacingOccurrences(of: #"<[^>]*>"#, with: " ", options: .regularExpression)
        text += " " + labels.joined(separator: " ")
        return Set(text.matches(of: /[A-Za-z]{2,}/).map { String($0.output) })
    }

    /// Latin words the service's own text brings onto a page (a headline's `iOS`), which stay as
    /// they were sent, and the HTML entities of what is escaped.
    static let serviceWords: Set<String> = ["iOS", "SK", "CJ", "React", "Swift", "quot", "amp", "lt", "gt"]

    @Test func theKoreanTrendPageIsKoreanThroughout() async {
        let page = await reportInProcess(["trend", "--kind", "personality", "--last", "5", "--format", "html", "--lang", "ko"],
                                         environment: demoEnvironment(), secondsSince1970: Self.exportedAt)
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdout.contains("<html lang=\"ko\">"))
        #expect(page.stdout.contains("<title>면접 5건의 점수 추이</title>") && page.stdout.contains("<h1>면접 5건의 점수 추이</h1>"), "\(page.stdout)")
        #expect(page.stdout.contains("에 본 면접 5건의 점수 추이 · 내보낸 시각 2026년 11월 18일 20:06</p>"), "\(page.stdout)")
        for words in ["<th>추이</th>", ">처음</th>", ">마지막</th>", ">최고(면접 번호)</th>", ">변화</th>", "<h2>인성 분석</h2>",
                      "<h2>상승·하락 폭이 큰 항목</h2>", "<h2>면접 목록</h2>", "가장 많이 오른 항목: ", "인성 면접(기본 단계) · 2026년 7월 8일 20:45 응시 · <span class=\"ref\">면접 번호 1019</span>"] {
            #expect(page.stdout.contains(words), "no \(words): \(page.stdout)")
        }
        let latin = Self.latinWords(page.stdout).subtracting(Self.serviceWords)
        #expect(latin.isEmpty, "English on the Korean page: \(latin.sorted())")
    }

    @Test func theKoreanTrendPageFramesThePercentileAsTheReportDoes() async {
        let page = await reportInProcess(["trend", "--kind", "company", "--format", "html", "--lang", "ko"],
                                         environment: demoEnvironment(), secondsSince1970: Self.exportedAt)
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdout.contains("<h2>적성 검사</h2>") && page.stdout.contains(">상위 "), "\(page.stdout)")
        #expect(!page.stdout.contains("top "), "\(page.stdout)")
        let latin = Self.latinWords(page.stdout).subtracting(Self.serviceWords)
        #expect(latin.isEmpty, "English on the Korean page: \(latin.sorted())")
    }

    @Test(arguments: ["markdown", "html"])
    func theKoreanComparisonIsKoreanThroughout(format: String) async {
        // 1004 was taken before 1001: the page compares them in that order.
        for (terms, older) in [(["1031", "1035"], "1031"), (["1001", "1004"], "1004"), (["1002", "1001"], "1002")] {
            let page = await reportInProcess(["compare"] + terms + ["--format", format, "--lang", "ko"],
                                             environment: demoEnvironment(), secondsSince1970: Self.exportedAt)
            #expect(page.status == 0, "\(page.stderr)")
            let newer = terms.first { $0 != older } ?? ""
            #expect(page.stdout.contains("면접 번호 \(older) → \(newer) 비교"), "\(page.stdout)")
            #expect(page.stdout.contains("두 면접의 분석 리포트 비교 · 내보낸 시각 2026년 11월 18일 20:06"), "\(page.stdout)")
            #expect(page.stdout.contains(" 응시 · 면접 번호 \(older)"), "\(page.stdout)")
            #expect(page.stdout.contains("변화"), "\(page.stdout)")
            if format == "html" { #expect(page.stdout.contains("<html lang=\"ko\">")) }
            for word in ["term 10", "회차", "BASIC", "analysis ready", "exported", "Character", "change"] {
                #expect(!page.stdout.contains(word), "\(terms) \(format) shows \(word)")
            }
            let latin = Self.latinWords(page.stdout).subtracting(Self.serviceWords)
            #expect(latin.isEmpty, "English on the Korean \(format) page of \(terms): \(latin.sorted())")
        }
    }

    @Test func theLatestTwoInKoreanSayWhichTheyAre() async {
        let page = await reportInProcess(["compare", "--latest", "2", "--format", "markdown", "--lang", "ko"],
                                         environment: demoEnvironment(), secondsSince1970: Self.exportedAt)
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdout.contains("분석이 끝난 최근 기업 면접 2건"), "\(page.stdout)")
        let latin = Self.latinWords(page.stdout).subtracting(Self.serviceWords)
        #expect(latin.isEmpty, "English on the Korean page: \(latin.sorted())")
    }

    @Test func theEnglishPagesStayEnglish() async {
        let trend = await reportInProcess(["trend", "--kind", "personality", "--last", "5", "--format", "html", "--lang", "en"],
                                          environment: demoEnvironment(), secondsSince1970: Self.exportedAt)
        #expect(trend.stdout.contains("<html lang=\"en\">") && trend.stdout.contains("<h1>Trend over 5 interviews</h1>"))
        #expect(trend.stdout.contains("<p class=\"about\">Progress over 5 interviews taken from "), "\(trend.stdout)")
        #expect(trend.stdout.contains(", exported 18 Nov 2026 20:06 KST</p>"), "\(trend.stdout)")
        #expect(trend.stdout.contains("<th>over time</th>") && trend.stdout.contains("<h2>Improved most and fell</h2>"))
        let compare = await reportInProcess(["compare", "1031", "1035", "--format", "html", "--lang", "en"],
                                            environment: demoEnvironment(), secondsSince1970: Self.exportedAt)
        #expect(compare.stdout.contains("<html lang=\"en\">") && compare.stdout.contains("<h1>Interview 1031 → interview 1035</h1>"))
        #expect(compare.stdout.contains("the personality interview (basic level) taken on "), "\(compare.stdout)")
        #expect(compare.stdout.contains(" · interview number 1031"), "\(compare.stdout)")
    }
}
