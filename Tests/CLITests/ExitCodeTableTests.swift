@testable import CLI
import Foundation
import Testing
import TestSupport

/// The exit-code table is one type (`ExitStatus`), each error kind carries its status and its
/// `--json` code (`ErrorKind`), and the README's table says exactly what the code has.
@Suite("The exit-code table")
struct ExitCodeTableTests {
    static func readmeCodes() throws -> [Int32] {
        let readme = try String(contentsOf: Paths.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Exit codes").dropFirst().first)
        return section.components(separatedBy: "\n## ")[0].split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| "), let cell = line.split(separator: "|").first else { return nil }
            return Int32(cell.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func theREADMEListsEveryExitStatusAndNoOther() throws {
        #expect(try Self.readmeCodes() == ExitStatus.allCases.map(\.rawValue))
    }

    @Test func everyErrorKindHasItsOwnCodeAndADocumentedStatus() {
        let codes = ErrorKind.allCases.map(\.code)
        #expect(Set(codes).count == codes.count)
        for kind in ErrorKind.allCases {
            #expect(ExitStatus.allCases.contains(kind.status))
            #expect(kind.status != .success && kind.status != .partialFailure && kind.status != .noneSucceeded)
        }
        #expect(CLIError(.errorInterrupted, kind: .analysisPending).status.rawValue == 75)
        #expect(CLIError(.errorInterrupted, kind: .maintenance).code == "maintenance")
    }
}
