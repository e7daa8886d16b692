import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns SIGINT and SIGTERM into values a task can await, so that Ctrl-C cancels the running
/// command (its transfers end at once) instead of killing the process mid-write.
///
/// The signals are watched with Dispatch signal sources (on Linux, Dispatch catches them with a
/// handler of its own), which run their handlers on a Dispatch queue: nothing blocks Swift's
/// cooperative pool. `stop()` puts back the default actions.
///
/// `@unchecked Sendable`: `sources` is written once in `init` and only read afterwards (by `stop`,
/// from the task that created the watcher); the stream's continuation is Sendable itself.
public final class SignalWatcher: @unchecked Sendable {
    public static let watched: [Int32] = [SIGINT, SIGTERM]

    /// Each signal as it arrives.
    public let signals: AsyncStream<Int32>
    private let continuation: AsyncStream<Int32>.Continuation
    private var sources: [any DispatchSourceSignal] = []

    public init() {
        (signals, continuation) = AsyncStream.makeStream(of: Int32.self, bufferingPolicy: .bufferingNewest(4))
        let queue = DispatchQueue(label: "report.signals")
        for number in Self.watched {
            // On Linux the source installs a handler of its own once the dispatch manager has
            // registered it; until then the default action stands, so a signal that early ends
            // the process as it always would (with SIG_IGN set first, it would be lost). Darwin's
            // kqueue reports ignored signals, and there the default action must be turned off.
            #if canImport(Darwin)
            signal(number, SIG_IGN)
            #endif
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [continuation] in continuation.yield(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops watching; the signals get their default actions back.
    public func stop() {
        for source in sources { source.cancel() }
        continuation.finish()
        for number in Self.watched { signal(number, SIG_DFL) }
    }

    /// After the first signal: a second one of the same kind ends the process the default way,
    /// for a command that does not stop on its own.
    public static func restoreDefault(_ number: Int32) {
        signal(number, SIG_DFL)
    }
}
