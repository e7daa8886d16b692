import Domain
import Presentation
import Synchronization

/// Binds one `ReportBatchViewModel` for a whole batch (through `ScreenBinding`, as every screen):
/// `report(_:)` puts a term on the load trigger and waits for that request's result. Call `finish()` when no more terms will come.
final class ReportBatchScreen: Sendable {
    private struct Waiting {
        var nextID = 0
        var continuations: [Int: CheckedContinuation<ReportBatchViewModel.Outcome, Never>] = [:]
        /// The output ended: nothing more will be answered.
        var ended = false
    }

    private let trigger: AsyncStream<ReportBatchViewModel.Request>.Continuation
    private let waiting = Mutex(Waiting())

    init(viewModel: ReportBatchViewModel) {
        let (load, trigger) = AsyncStream.makeStream(of: ReportBatchViewModel.Request.self)
        self.trigger = trigger
        let output = viewModel.transform(input: .init(loadTrigger: load))
        // Bound before any request: results are events and are not replayed. A batch does not
        // navigate, and its failures are results.
        let results = ScreenBinding<ReportBatchViewModel.Result, Never>(values: output.results.subscribe(), errors: nil,
                                                                        navigator: nil)
        // Holds the screen until the output ends, which `finish()` brings about.
        Task { [self] in
            for await case .value(let result) in results {
                let continuation = waiting.withLock { $0.continuations.removeValue(forKey: result.request.id) }
                continuation?.resume(returning: result.outcome)
            }
            let left = waiting.withLock { waiting in
                waiting.ended = true
                defer { waiting.continuations = [:] }
                return Array(waiting.continuations.values)
            }
            for continuation in left { continuation.resume(returning: .failure(.cancelled)) }
        }
    }

    /// The outcome of `termNo`; `.failure(.cancelled)` when the task is cancelled first.
    func report(_ termNo: TermNumber) async -> ReportBatchViewModel.Outcome {
        let id = waiting.withLock { waiting in
            defer { waiting.nextID += 1 }
            return waiting.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let accepted = waiting.withLock { waiting in
                    guard !waiting.ended, !Task.isCancelled else { return false }
                    waiting.continuations[id] = continuation
                    return true
                }
                if accepted {
                    trigger.yield(ReportBatchViewModel.Request(id: id, termNo: termNo))
                } else {
                    continuation.resume(returning: .failure(.cancelled))
                }
            }
        } onCancel: {
            waiting.withLock { $0.continuations.removeValue(forKey: id) }?.resume(returning: .failure(.cancelled))
        }
    }

    /// No more terms: the view model ends once the requests in flight have their results.
    func finish() {
        trigger.finish()
    }
}
