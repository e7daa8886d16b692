import Domain

/// One fuzz input, framed so that every byte string means something:
///
/// | bytes | meaning |
/// | --- | --- |
/// | 0 | terminal width: 0 = not a terminal (no wrapping), 255 = 65 535 columns, else the value |
/// | 1 | bit 0: colour; bit 1: indented JSON |
/// | 2 | bit 7 set: `--section` given, bits 0–5 select title, tips, character, aptitude, keywords, video |
/// | 3… | the interview body, the report body and the video-report body, separated by 0xFF |
///
/// 0xFF never occurs in UTF-8, so the separator cannot clash with JSON text. A missing report body
/// leaves only the interview to decode; a missing video body reads as `{"result": null}`.
package struct FuzzInput: Sendable {
    package static let separator: UInt8 = 0xFF

    package let columns: Int?
    package let color: Bool
    package let prettyJSON: Bool
    package let selection: Set<ReportSection>?
    package let interviewBody: [UInt8]
    package let reportBody: [UInt8]?
    package let videoBody: [UInt8]?

    /// nil for an input too short to hold the header.
    package init?(_ bytes: [UInt8]) {
        guard bytes.count >= 3 else { return nil }
        switch bytes[0] {
        case 0: columns = nil
        case 255: columns = Int(UInt16.max)
        case let width: columns = Int(width)
        }
        color = bytes[1] & 1 != 0
        prettyJSON = bytes[1] & 2 != 0
        if bytes[2] & 0x80 != 0 {
            let sections: [ReportSection] = [.title, .tips, .character, .aptitude, .keywords, .video]
            selection = Set(sections.enumerated().filter { bytes[2] & (1 << $0.offset) != 0 }.map(\.element))
        } else {
            selection = nil
        }
        let bodies = bytes[3...].split(separator: Self.separator, maxSplits: 2, omittingEmptySubsequences: false)
        interviewBody = Array(bodies[0])
        reportBody = bodies.count > 1 ? Array(bodies[1]) : nil
        videoBody = bodies.count > 2 ? Array(bodies[2]) : nil
    }
}
