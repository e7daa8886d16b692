/// What stands between a command's documents and stdout (`--jq`): every write to a filtered
/// stream (`IOStreams.filteringOutput(through:)`) is one or more whole documents, and what the
/// filter makes of them is written in their place.
public protocol OutputFilter: Sendable {
    /// What to write for `bytes`: the output of every whole document the filter took, and why it
    /// stopped at the one it could not take (the documents after it are not read). A document
    /// that failed contributes nothing, so stdout never holds half of its output.
    func filter(_ bytes: [UInt8]) -> OutputFilterResult
}
