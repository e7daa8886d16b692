/// One section's data as the service sent it: what views format, and what `--json` documents
/// are written from (as `gh` builds `--json` from its API model, not from what it prints).
public enum SectionData: Hashable, Sendable {
    case tips(Tips)
    case character(CharacterProfile)
    case aptitude(Aptitude)
    case keywords([String])
    case video(VideoReport)
}
