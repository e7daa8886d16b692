import CCurl
import Domain
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one libcurl multi handle and the thread of its own that drives it with `curl_multi_poll`.
/// Callers hand transfers over through a locked inbox and wake the loop with `curl_multi_wakeup`.
final class CurlEngine: Sendable {
    private struct Inbox {
        var additions: [CurlTransfer] = []
        var removals: [CurlTransfer] = []
        var isShutDown = false
        /// The loop is in, or about to enter, `curl_multi_poll` with nothing left in the inbox:
        /// the next caller must wake it. Otherwise the loop reads the inbox before it polls again,
        /// and a wakeup would only cost a system call (two thousand of them in a 1,000-term batch).
        var loopWaits = false
    }

    /// `@unchecked Sendable`: only the loop thread calls libcurl on the multi handle, except
    /// `curl_multi_wakeup`, which libcurl documents as callable from any thread; callers make that
    /// call while holding the inbox lock, before shut-down, so never after `curl_multi_cleanup`.
    private struct MultiHandle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    private let multi: MultiHandle
    private let inbox = Mutex(Inbox())
    /// Signalled once the loop has ended and the multi handle is cleaned up.
    private let loopEnded = DispatchSemaphore(value: 0)
    /// Engines whose loop thread is running. A process must not exit while one is inside libcurl
    /// (and OpenSSL, in a TLS handshake): `exit` runs OpenSSL's clean-up under its feet.
    private static let running = Mutex<[ObjectIdentifier: CurlEngine]>([:])

    init(maxHostConnections: Int) throws(TransportError) {
        guard CurlGlobal.isInitialised, let pointer = report_curl_multi_init() else {
            throw TransportError.cannotStart(CurlGlobal.failure)
        }
        _ = report_multi_setopt_long(pointer, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX)
        _ = report_multi_setopt_long(pointer, CURLMOPT_MAX_HOST_CONNECTIONS, max(0, maxHostConnections))
        multi = MultiHandle(pointer: pointer)
        try startThread()
    }

    /// Queues `transfer` for the loop; false once the engine is shut down.
    func submit(_ transfer: CurlTransfer) -> Bool {
        inbox.withLock { inbox in
            guard !inbox.isShutDown else { return false }
            inbox.additions.append(transfer)
            Self.wake(&inbox, multi)
            return true
        }
    }

    /// Asks the loop to take a cancelled transfer's handle out of the multi handle now.
    func remove(_ transfer: CurlTransfer) {
        inbox.withLock { inbox in
            guard !inbox.isShutDown else { return }
            inbox.removals.append(transfer)
            Self.wake(&inbox, multi)
        }
    }

    /// Stops the loop; transfers still running end as cancelled.
    func shutDown() {
        inbox.withLock { inbox in
            guard !inbox.isShutDown else { return }
            inbox.isShutDown = true
            report_curl_multi_wakeup(multi.pointer)
        }
    }

    /// Shuts down every engine whose loop is running and waits (up to `timeout` in all) until each
    /// loop has ended: its transfers removed and its multi handle cleaned up. Called before the
    /// process exits.
    static func stopAll(timeout: Duration) {
        let engines = running.withLock { Array($0.values) }
        for engine in engines { engine.shutDown() }
        let deadline = DispatchTime.now() + .milliseconds(Int(timeout.wholeMilliseconds))
        for engine in engines where engine.loopEnded.wait(timeout: deadline) == .timedOut {
            return
        }
    }

    /// Wakes the loop if it waits (or is about to); called with the inbox locked.
    private static func wake(_ inbox: inout Inbox, _ multi: MultiHandle) {
        guard inbox.loopWaits else { return }
        inbox.loopWaits = false
        report_curl_multi_wakeup(multi.pointer)
    }

    private func startThread() throws(TransportError) {
        // The thread owns a reference to the engine until its loop ends.
        Self.running.withLock { $0[ObjectIdentifier(self)] = self }
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let engine = Unmanaged<CurlEngine>.fromOpaque(context).takeRetainedValue()
            engine.run()
            return nil
        }, context)
        guard status == 0 else {
            Self.running.withLock { $0[ObjectIdentifier(self)] = nil }
            Unmanaged<CurlEngine>.fromOpaque(context).release()
            report_curl_multi_cleanup(multi.pointer)
            throw TransportError.cannotStart("could not start the network thread (error \(status))")
        }
        pthread_detach(thread)
    }

    /// Transfers to one origin that never wait for another's connection: the most requests one
    /// fetch sends at once (the interview, the report and the video report).
    static let unprobedTransfers = 3

    /// Whether a transfer waits for a connection still being set up to the same origin, in case it
    /// turns out to multiplex (CURLOPT_PIPEWAIT), rather than opening a connection of its own.
    ///
    /// libcurl learns whether a connection multiplexes only once it is set up: from ALPN at the end
    /// of the TLS handshake, and over plain http only from the first response. A transfer that
    /// waits and then finds HTTP/1.1 only then begins its own TCP connect and TLS handshake: one
    /// fetch over HTTP/1.1 took 3.9 round trips of an emulated link where 2.7 do
    /// (Benchmarks/link.py; its TCP connects are not delayed). So over http:// (HTTP/1.1 only here) no transfer waits, and over https:// the
    /// first few to an origin do not either: the requests of one fetch go out at once on
    /// connections of their own whatever the protocol, at the cost, over HTTP/2, of a TLS
    /// handshake or two that multiplexing would have saved. Later transfers wait; by then libcurl
    /// usually knows the protocol, and waiting costs nothing (HTTP/1.1: it does not wait; HTTP/2:
    /// the connection is there to share), and a batch's first dozens of transfers share the first
    /// connections over HTTP/2 instead of opening one each.
    static func pipeWait(mayMultiplex: Bool, earlierTransfers: Int) -> Bool {
        mayMultiplex && earlierTransfers >= unprobedTransfers
    }

    /// The loop thread: the only place that touches the multi handle and `active`.
    private func run() {
        var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        var pending: [CurlTransfer] = []
        /// Transfers added so far, by origin.
        var added: [String: Int] = [:]

        func detach(_ transfer: CurlTransfer, easy: UnsafeMutableRawPointer) {
            active[easy] = nil
            report_curl_multi_remove_handle(multi.pointer, easy)
            transfer.releaseHandle()
        }

        while true {
            let (additions, removals, isShutDown) = inbox.withLock { inbox in
                defer { inbox.additions = []; inbox.removals = [] }
                return (inbox.additions, inbox.removals, inbox.isShutDown)
            }
            pending = additions
            if isShutDown { break }

            for transfer in additions where !transfer.isCancelled {
                guard let easy = transfer.easy else { continue }
                let earlier = added[transfer.origin, default: 0]
                added[transfer.origin] = earlier + 1
                let waits = Self.pipeWait(mayMultiplex: transfer.mayMultiplex, earlierTransfers: earlier)
                _ = report_easy_setopt_long(easy, CURLOPT_PIPEWAIT, waits ? 1 : 0)
                let code = report_curl_multi_add_handle(multi.pointer, easy)
                if code == CURLM_OK {
                    active[easy] = transfer
                } else {
                    let text = String(cString: report_curl_multi_strerror(code))
                    transfer.complete(.failure(TransportError(
                        kind: .other(code: Int(code.rawValue)),
                        reason: Detail(.detailCurlFailure, ["curl": .data(text), "reason": .detail(Detail(.networkTransfer))]),
                        detail: text)))
                }
            }
            pending = []
            for transfer in removals {
                if let easy = transfer.easy, active[easy] != nil { detach(transfer, easy: easy) }
            }

            var running: Int32 = 0
            _ = report_curl_multi_perform(multi.pointer, &running)
            var queued: Int32 = 0
            while let message = report_curl_multi_info_read(multi.pointer, &queued) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                let code = message.pointee.data.result
                guard let transfer = active[easy] else { continue }
                let outcome = transfer.outcome(code)
                detach(transfer, easy: easy)
                transfer.complete(outcome)
            }
            // libcurl shortens the wait to its own next timer; the cap bounds how late the progress
            // callback (the stall check) can run. Idle, only a wakeup matters.
            let mayWait = inbox.withLock { inbox in
                inbox.loopWaits = inbox.additions.isEmpty && inbox.removals.isEmpty && !inbox.isShutDown
                return inbox.loopWaits
            }
            if mayWait {
                _ = report_curl_multi_poll(multi.pointer, nil, 0, active.isEmpty ? 60_000 : 250, nil)
                inbox.withLock { $0.loopWaits = false }
            }
        }

        for (easy, transfer) in active {
            detach(transfer, easy: easy)
            transfer.complete(.failure(.cancelled))
        }
        for transfer in pending { transfer.complete(.failure(.cancelled)) }
        report_curl_multi_cleanup(multi.pointer)
        Self.running.withLock { $0[ObjectIdentifier(self)] = nil }
        loopEnded.signal()
    }
}
