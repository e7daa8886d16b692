import Domain
import Presentation

/// The words the shared pages — `fetch`, `trend` and `compare` as HTML, and `fetch` and `compare`
/// as Markdown — show about what a page is and when it was exported, in plain words rather than
/// the service's codes (`term 1001`, `BASIC`, `analysis ready`), in the language of `words` (the
/// catalog's `page…` messages).
enum PageWords {
    /// "Analysis report of the company interview (basic level) taken on 2 Nov 2026 10:15 KST"
    static func reportAbout(_ interview: InterviewTerm, words: Words = .english) -> String {
        words(.pageReportAbout, ["interview": interviewPhrase(interview, words: words)])
    }

    /// "Progress over 5 interviews taken from 14 Oct 2025 to 14 Feb 2026"; in Korean
    /// "2025년 10월 14일부터 2026년 2월 14일까지 본 면접 5번의 추이".
    static func trendAbout(_ interviews: [InterviewTerm], words: Words = .english) -> String {
        let days = interviews.compactMap { PageDate.day($0.registeredAt, words: words) }
        let count = String(interviews.count)
        if days.count > 1 { return words(.pageTrendAboutSpan, ["count": count, "from": days[0], "to": days[days.count - 1]]) }
        if let day = days.first { return words(.pageTrendAboutDay, ["count": count, "date": day]) }
        return words(.pageTrendAboutUndated, ["count": count])
    }

    /// A comparison page's heading: "Interview 1031 → interview 1035" (the terminal's says "term").
    static func compareHeading(_ a: TermNumber, _ b: TermNumber, words: Words = .english) -> String {
        words(.pageCompareHeading, ["before": "\(a)", "after": "\(b)"])
    }

    /// "Comparison of the analysis reports of two interviews"
    static func compareAbout(words: Words = .english) -> String { words[.pageCompareAbout] }

    /// "사람인 · iOS 개발 · 경력 3년 — the company interview (basic level) taken on 2 Nov 2026
    /// 10:15 KST · interview number 1001": one interview of a trend or a comparison.
    static func interviewLine(_ title: TitleViewData, words: Words = .english) -> String {
        title.headline + " — " + interviewReference(title.interview, words: words)
    }

    /// "the company interview (basic level) taken on 2 Nov 2026 10:15 KST · interview number 1001"
    static func interviewReference(_ interview: InterviewTerm, words: Words = .english) -> String {
        let reference = reference(interview.termNo, words: words)
        return interviewPhrase(interview, words: words) + " · " + (words.language == .english ? reference.lowercased() : reference)
    }

    /// "exported 18 Nov 2026 20:06 KST"
    static func exported(_ time: ExportTime, zoneOf iso: String?, words: Words = .english) -> String {
        words(.pageExported, ["time": time.text(zoneOf: iso, words: words)])
    }

    /// What a page is, then when it was exported: "…, exported 18 Nov 2026 20:06 KST"; Korean
    /// "… · 내보낸 시각 2026년 11월 18일 20:06".
    static func aboutAndExported(_ about: String, _ exported: String, words: Words = .english) -> String {
        words(.pageAboutExported, ["about": about, "exported": exported])
    }

    /// The term number, labelled: the reference to quote when asking about the report.
    static func reference(_ term: TermNumber, words: Words = .english) -> String {
        words(.pageReference, ["term": term.description])
    }

    /// What the page says of an analysis that is not done; nothing when it is (the page is its report).
    static func analysis(_ status: AnalysisStatus, words: Words = .english) -> String? {
        switch status {
        case .done: nil
        case .pending: words[.pagePending]
        case .failed: words[.pageFailed]
        case .other(let code): words(.pageUnknownStatus, ["code": code.isEmpty ? words[.pageNoCode] : code])
        }
    }

    /// "top 26%": a percentile read as a share of members, not a score.
    static func top(_ percentile: Int, words: Words = .english) -> String { SectionFormatter.topText(percentile, words: words) }

    /// The gauge's two lines, "top" over "26%" (the share as `top` words it: never 0%).
    static func gauge(_ percentile: Int, words: Words = .english) -> (caption: String, value: String) {
        (words[.pageGaugeTop], "\(max(1, 100 - min(max(percentile, 0), 100)))%")
    }

    /// "ahead of 74% of those who took it"
    static func aheadOf(_ percentile: Int, words: Words = .english) -> String {
        words(.pageAheadOf, ["percentile": String(min(max(percentile, 0), 100))])
    }

    /// "the company interview (basic level) taken on 2 Nov 2026 10:15 KST"
    static func interviewPhrase(_ interview: InterviewTerm, words: Words = .english) -> String {
        let kind: String
        if InterviewKindWords.known.contains(where: { $0.kind == interview.itemType }) {
            kind = words(.pageKind, ["kind": InterviewKindWords.name(interview.itemType, words: words).lowercased()])
        } else if case .other(let code) = interview.itemType, !code.isEmpty {
            kind = words(.pageKindOther, ["code": code])
        } else {
            kind = words[.pageKindNone]
        }
        let withLevel = self.level(interview.programLevel, words: words).map { words(.pageWithLevel, ["interview": kind, "level": $0]) } ?? kind
        return PageDate.text(interview.registeredAt, words: words).map { words(.pageTakenOn, ["interview": withLevel, "date": $0]) } ?? withLevel
    }

    /// The program level as a person reads it; nil when the service sent none.
    static func level(_ code: String?, words: Words = .english) -> String? {
        guard let code, !code.isEmpty else { return nil }
        switch code.uppercased() {
        case "BASIC": return words[.pageLevelBasic]
        case "ADVANCED": return words[.pageLevelAdvanced]
        default: return words(.pageLevelOther, ["level": code.lowercased()])
        }
    }
}

/// Dates on a shared page in plain words: "2 Nov 2026 10:15 KST", each in its own time zone.
enum PageDate {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "2 Nov 2026 10:15 KST"; nil for text that is not an ISO-8601 date.
    static func text(_ iso: String?, words: Words = .english) -> String? {
        guard let instant = InterviewDate.instant(iso) else { return nil }
        let zone = zone(of: iso)
        return dateTime(instant + zone.offset, zone: zone.label, words: words)
    }

    /// "2 Nov 2026 10:15 KST"; in Korean "2026년 11월 2일 10:15" (KST going without saying, as
    /// in the terminal), another zone after it.
    static func dateTime(_ seconds: Int, zone: String, words: Words) -> String {
        let parts = civilParts(seconds)
        let text = words(.pageDateTime, ["day": String(parts.day), "month": months[parts.month - 1], "year": String(parts.year),
                                         "monthNumber": String(parts.month), "dayNumber": String(parts.day),
                                         "time": parts.time, "zone": zone])
        return words.language == .english || zone == "KST" ? text : text + " " + zone
    }

    /// "2 Nov 2026", in Korean "2026년 11월 2일"; nil for text that is not an ISO-8601 date.
    static func day(_ iso: String?, words: Words = .english) -> String? {
        guard let instant = InterviewDate.instant(iso) else { return nil }
        let parts = civilParts(instant + zone(of: iso).offset)
        return words(.pageDay, ["day": String(parts.day), "month": months[parts.month - 1], "year": String(parts.year),
                                "monthNumber": String(parts.month), "dayNumber": String(parts.day)])
    }

    /// The offset an ISO-8601 date was written in, and its name: KST, UTC, or `UTC+05:30`.
    static func zone(of iso: String?) -> (offset: Int, label: String) {
        guard let iso, InterviewDate.instant(iso) != nil else { return (0, "UTC") }
        let bytes = Array(iso.utf8)
        guard bytes.count >= 6, bytes.last != UInt8(ascii: "Z") else { return (0, "UTC") }
        let tail = bytes[(bytes.count - 6)...]
        guard let sign = tail.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
              bytes[bytes.count - 3] == UInt8(ascii: ":") else { return (0, "UTC") }
        let digits = tail.dropFirst().filter { $0 != UInt8(ascii: ":") }.map { Int($0) - 48 }
        let minutes = (digits[0] * 10 + digits[1]) * 60 + digits[2] * 10 + digits[3]
        let offset = minutes * 60 * (sign == UInt8(ascii: "-") ? -1 : 1)
        let name = String(decoding: tail, as: UTF8.self)
        return (offset, offset == 0 ? "UTC" : name == "+09:00" ? "KST" : "UTC" + name)
    }

    /// The day, month, year and "10:15" of seconds since 1970 in the zone they were shifted to.
    static func civilParts(_ seconds: Int) -> (day: Int, month: Int, year: Int, time: String) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        let date = CivilDay(daysSince1970: days)
        let hour = rest / 3600, minute = rest % 3600 / 60
        return (date.day, date.month, date.year, "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)")
    }
}

extension AppContainer {
    /// Now, by the run's clock: when a Markdown or HTML document is exported.
    var exportTime: ExportTime { ExportTime(secondsSince1970: context.clock.secondsSince1970()) }
}
