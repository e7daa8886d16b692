/// The HTML report's one style sheet, inlined in the page: a system font stack that has Hangul
/// on every platform, Korean broken between words (`keep-all`) but anything too long broken
/// anywhere rather than overflowing — except in a table's cells, whose columns are as wide as
/// their longest word (`break-word`: under `anywhere` a narrow window shrank the trend's columns
/// until `숫자추론` and `percentile` broke a syllable or two a line), and a table's names and
/// headers and a page's `면접 번호 1031` never broken at all (`공감 / 능력` is one label) — and a print style sheet for
/// clean A4 pages. Colours come
/// from `HTMLPalette` only, where their contrast is tested.
enum HTMLStyleSheet {
    /// Latin first from the platform's UI font; Hangul from the platform's Korean font (Apple SD
    /// Gothic Neo, Malgun Gothic, Noto Sans CJK/KR, Nanum); then generic fallbacks.
    static let fontStack = """
        system-ui, -apple-system, "Segoe UI", "Apple SD Gothic Neo", "Malgun Gothic", "맑은 고딕", \
        "Noto Sans KR", "Noto Sans CJK KR", "Source Han Sans KR", "NanumGothic", "Nanum Gothic", \
        Roboto, "Helvetica Neue", Arial, sans-serif
        """

    static let css: String = {
        typealias P = HTMLPalette
        return """
        :root { color-scheme: light; }
        * { box-sizing: border-box; }
        body { margin: 0; background: \(P.page); color: \(P.text); font: 15px/1.6 \(fontStack);
          word-break: keep-all; overflow-wrap: anywhere; -webkit-text-size-adjust: 100%; }
        .report { max-width: 760px; margin: 0 auto; padding: 32px 24px 40px; }
        .report header { border-bottom: 2px solid \(P.rule); padding-bottom: 12px; }
        h1 { font-size: 1.6em; line-height: 1.3; margin: 0 0 6px; }
        h2 { font-size: 1.15em; line-height: 1.4; margin: 0 0 10px; padding-bottom: 4px; border-bottom: 1px solid \(P.rule); }
        h2 .sub { font-weight: 400; }
        h3 { font-size: 1em; margin: 18px 0 4px; }
        p { margin: 0 0 8px; }
        section { margin-top: 28px; }
        .about { margin: 0 0 4px; }
        .meta { color: \(P.muted); font-size: .9em; margin: 0; }
        .meta span + span::before { content: " · "; }
        .status-pending { color: \(P.pendingText); font-weight: 600; }
        .status-failed { color: \(P.failedText); font-weight: 600; }
        .text { white-space: pre-line; }
        .muted { color: \(P.muted); }
        .na { color: \(P.muted); font-style: italic; }
        .tips { list-style: none; padding: 0; margin: 14px 0 0; }
        .tips li { margin: 0 0 12px; }
        .tips strong { font-weight: 600; }
        .tag { display: inline-block; font-size: .8em; font-weight: 600; line-height: 1.6; color: \(P.tagText);
          background: \(P.tagBackground); border-radius: 4px; padding: 0 6px; margin-right: 8px; vertical-align: 1px; }
        .scores { list-style: none; padding: 0; margin: 14px 0 0; }
        .scores li { display: grid; grid-template-columns: minmax(0, 9em) minmax(0, 1fr) 4.5em 5.5em;
          column-gap: 12px; align-items: center; margin: 0 0 12px; }
        .scores .name { font-weight: 600; }
        .scores .bar { display: block; }
        .scores .value { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .scores .comment { grid-column: 1 / -1; color: \(P.muted); font-size: .9em; margin: 2px 0 0; }
        .level { justify-self: start; font-size: .8em; font-weight: 600; line-height: 1.7; border-radius: 999px; padding: 0 9px;
          color: \(P.mediumText); background: \(P.mediumBackground); }
        .level-high { color: \(P.highText); background: \(P.highBackground); }
        .level-low { color: \(P.lowText); background: \(P.lowBackground); }
        .aptitude-summary { display: flex; flex-wrap: wrap; align-items: center; column-gap: 24px; }
        .gauge { flex: none; }
        .grade { font-size: 1.25em; font-weight: 700; margin: 0; }
        .chips { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 8px; }
        .chips li { color: \(P.chipText); background: \(P.chipBackground); border-radius: 999px; padding: 2px 12px; }
        .questions { list-style: none; padding: 0; margin: 0; }
        .measures { color: \(P.muted); font-size: .9em; font-variant-numeric: tabular-nums; }
        .trend { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
        .trend th, .trend td { text-align: left; padding: 4px 8px; border-bottom: 1px solid \(P.rule); vertical-align: middle; }
        .trend th { font-size: .85em; font-weight: 600; color: \(P.muted); }
        .trend .num { text-align: right; white-space: nowrap; }
        .trend th, .trend td { overflow-wrap: break-word; }
        .trend th, .trend td:first-child, .ref, .mover { white-space: nowrap; }
        .spark { display: block; }
        .up { color: \(P.readyText); font-weight: 600; }
        .down { color: \(P.failedText); font-weight: 600; }
        .interviews { padding-left: 1.4em; margin: 0; }
        .interviews .muted { display: block; font-size: .9em; }
        @media (max-width: 600px) {
          .trend .drop { display: none; }
          .trend th, .trend td { padding: 4px 4px; }
          .trend .spark { width: 80px; height: auto; }
        }
        @media (max-width: 520px) {
          .scores li { grid-template-columns: minmax(0, 1fr) auto auto; }
          .scores .bar { grid-column: 1 / -1; grid-row: 2; }
        }
        @page { size: A4; margin: 15mm 14mm 16mm; }
        @media print {
          body { font-size: 10pt; }
          .report { max-width: none; padding: 0; }
          .report + .report { break-before: page; }
          .tips li, .scores li, .questions li, .aptitude-summary, .trend tr { break-inside: avoid; }
          h1, h2, h3 { break-after: avoid; }
          * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        }
        """
    }()
}
