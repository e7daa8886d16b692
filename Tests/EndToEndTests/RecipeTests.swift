import Foundation
import Testing
import TestSupport

/// The report-server recipes of README.md ("The reference server") and docs/REPORT-SERVER.md, run
/// as a reader copies them: each `sh` block in a fresh shell in an empty folder outside the
/// repository, with the built report and report-server first on the PATH, every line's exit status
/// the one its comment names (scripts/test-recipes; scripts/test-package runs it with the
/// installed binaries).
@Suite("the README's report-server recipes, as written")
struct RecipeTests {
    @Test(.tags(.slow)) func everyRecipeRunsAsWrittenFromAnEmptyFolder() async throws {
        let script = Paths.repository.appendingPathComponent("scripts/test-recipes").path
        let result = try await run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, Paths.products.path],
                                   timeLimit: .seconds(600))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("test-recipes: ") && !result.stdout.contains(" 0 passed"), "\(result.stdout)")
    }
}
