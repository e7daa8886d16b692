/// What the video report measures of each answer, as progress follows it: gaze and voice
/// stability (0–100, higher steadier) and the speaking rate (syllables a minute, neither better
/// nor worse for being higher). The raw values are the wire's field names.
public enum VideoMeasure: String, CaseIterable, Hashable, Sendable {
    case gazeStability, voiceStability, speechRate

    public func value(_ question: VideoQuestion) -> Int {
        switch self {
        case .gazeStability: question.gazeStability
        case .voiceStability: question.voiceStability
        case .speechRate: question.speechRate
        }
    }

    /// Whether a rise is better (gaze, voice) rather than only different (speaking rate).
    public var higherIsBetter: Bool { self != .speechRate }

    /// On the 0–100 scale of the sparklines.
    public var isScore: Bool { self != .speechRate }
}
