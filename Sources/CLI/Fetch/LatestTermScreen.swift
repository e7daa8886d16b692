import Domain
import Presentation

/// `report fetch --latest`: asks the list view model (as `report list` does) for pages from the
/// newest until one holds an interview whose analysis is done; that term is the answer.
struct LatestTermScreen: Sendable {
    let viewModel: InterviewListViewModel

    func run() async throws -> TermNumber {
        var number = 1
        while true {
            let page = try await viewModel.page(number, context: "--latest")
            if let done = page.rows.first(where: { $0.interview.analysisStatus == .done }) {
                return done.interview.termNo
            }
            guard page.info.hasNextPage else {
                throw CLIError(message: "--latest: none of the \(page.info.total) interviews you have taken has a finished analysis",
                               hint: "see `report list --status pending`", kind: .notFound)
            }
            number = page.info.page + 1
        }
    }
}
