#if canImport(Glibc)
import Glibc
#endif
import Terminal
import Testing

/// The watcher's handler is in place when `init` returns: a signal right after it is a value,
/// not the end of the process; `stop()` gives the signal its default action back. (With Dispatch
/// signal sources this failed in a CI run on a busy machine: SIGTERM was still at its default
/// action right after the watcher was made.)
@Suite("Watching signals", .serialized)
struct SignalWatcherTests {
    @Test func theHandlerIsInPlaceAtOnceAndASignalBecomesAValue() async {
        let watcher = SignalWatcher()
        var action = sigaction()
        sigaction(SIGTERM, nil, &action)
        let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        #expect(handler != unsafeBitCast(SIG_DFL, to: Int.self) && handler != unsafeBitCast(SIG_IGN, to: Int.self),
                "SIGTERM still has its default action: a signal now would end the process")
        guard handler != unsafeBitCast(SIG_DFL, to: Int.self) else { return }
        kill(getpid(), SIGTERM)
        var iterator = watcher.signals.makeAsyncIterator()
        #expect(await iterator.next() == SIGTERM)
        watcher.stop()
        sigaction(SIGTERM, nil, &action)
        #expect(unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_DFL, to: Int.self))
    }
}
