import Foundation
import Synchronization
import Testing
import TestSupport

/// The processes the tests start inherit their three standard streams and nothing else of the
/// test process, whatever other threads open meanwhile: a pipe end another child held kept a
/// `report --terms-from -` waiting for the end of its input, and hung the process suites.
@Suite("Children of the test process")
struct ChildProcessTests {
    @Test func aChildInheritsNoDescriptorBeyondItsStandardStreamsWhileOthersOpenPipes() async throws {
        // Another thread opens pipes without close-on-exec the whole time, as the parallel suites do.
        let stop = Atomic(false)
        let opener = Thread {
            var held: [Int32] = []
            while !stop.load(ordering: .relaxed) {
                var ends: [Int32] = [0, 0]
                if pipe(&ends) == 0 { held += ends }
                if held.count >= 400 { held.forEach { close($0) }; held = [] }
            }
            held.forEach { close($0) }
        }
        opener.start()
        defer { stop.store(true, ordering: .relaxed) }
        let listings = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<48 {
                group.addTask {
                    try await run(URL(fileURLWithPath: "/bin/sh"),
                                  ["-c", "for f in /proc/$$/fd/*; do echo \"${f##*/}\"; done"]).stdoutLines
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // 3 is the folder the shell's glob reads: the lowest free number, unless 3 was inherited.
        let extra = listings.map { Set($0.filter { !$0.isEmpty }).subtracting(["0", "1", "2", "3"]) }.filter { !$0.isEmpty }
        #expect(extra.isEmpty, "\(extra.count) of 48 children inherited descriptors: \(extra.prefix(3))")
    }
}
