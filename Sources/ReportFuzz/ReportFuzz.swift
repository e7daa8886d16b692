import ReportFuzzing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
#if FUZZING
import CLibFuzzer
#endif

/// Built two ways from the same `main` (SwiftPM links every executable through its module's entry
/// point, so libFuzzer's own `main` cannot be used):
/// - by scripts/fuzz, with `-sanitize=fuzzer -D FUZZING`: hands the command line to libFuzzer's
///   driver, which calls `oneInput` with each input it makes;
/// - in the normal build: `ReportFuzz FILE…` replays inputs (a finding, a corpus) through the same
///   body and says what is wrong with each.
@main
enum ReportFuzz {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in ReportFuzz.oneInput(data, size) })
        #else
        replay(CommandLine.arguments.dropFirst())
        #endif
    }

    static func oneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        if let problem = ResponsePathCase.problems(in: bytes).first {
            // A wrong output is a finding like a crash: stop so that libFuzzer writes the input out.
            fatalError(problem)
        }
        return 0
    }

    static func replay(_ paths: ArraySlice<String>) {
        guard !paths.isEmpty else {
            print("usage: ReportFuzz FILE… (replays fuzz inputs; scripts/fuzz builds the fuzzer)")
            return
        }
        var failed = false
        for path in paths {
            do {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                let problems = ResponsePathCase.problems(in: bytes)
                print("\(path): \(problems.isEmpty ? "ok" : problems.joined(separator: "; "))")
                failed = failed || !problems.isEmpty
            } catch {
                print("\(path): cannot read: \(error)")
                failed = true
            }
        }
        if failed { exit(1) }
    }
}
