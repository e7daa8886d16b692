import CCurl
#if canImport(Glibc)
import Glibc
#endif
import Terminal

/// libcurl's process-wide state. libcurl is loaded on first use (see Sources/CCurl), so commands
/// that never reach the network do not pay for loading it.
enum CurlGlobal {
    /// Loading libcurl and curl_global_init must happen once, before any other libcurl call and
    /// never concurrently with one. A static `let` is initialised exactly once, thread-safely, on
    /// first use.
    static let isInitialised: Bool =
        report_curl_load() == 0 && report_curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

    /// Why libcurl is not usable, for the error of the first request.
    static var failure: String {
        let reason = String(cString: report_curl_load_error())
        return reason.isEmpty ? "libcurl could not be initialised" : reason
    }

    /// libcurl's version, e.g. "7.88.1".
    static let version: String = {
        guard isInitialised, let info = report_version_info(), let text = info.pointee.version else {
            return "unknown"
        }
        return String(cString: text)
    }()
}

/// Loads libcurl ahead of the first request, on a thread of its own, so that the loading (a few
/// milliseconds: libcurl and the thirty-odd libraries it depends on) overlaps with the rest of
/// start-up — argument parsing, settings, credentials — instead of following it.
public enum TransportWarmUp {
    /// Starts loading libcurl and returns at once. Harmless when nothing is fetched after all:
    /// the first request would wait for the same one-time initialisation anyway.
    ///
    /// `store`: the command reads the report store, whose SQLite library is loaded first (0.4
    /// ms). `dlopen` holds glibc's loader lock for all of libcurl's loading (8 ms): loaded after
    /// it, libsqlite3 could not be, nor the store opened, until libcurl is; loaded before, the
    /// store is opened while libcurl loads (`ReportStore.openAhead`).
    public static func start(store: Bool = false) {
        BlockingCall.detach {
            if store { SQLiteConnection.loadLibrary() }
            _ = CurlGlobal.isInitialised
        }
    }
}

/// Stops the network before the process exits: every transfer still running is cancelled and each
/// libcurl thread is waited for until it is out of libcurl. Exiting while a thread is inside
/// OpenSSL (a TLS handshake of a request whose answer is no longer needed) lets OpenSSL's exit
/// handlers free what that thread still uses: a crash after the right error was already printed.
public enum TransportShutdown {
    /// Returns once every libcurl thread has ended, or after `timeout`.
    public static func run(timeout: Duration = .seconds(2)) {
        // A refresh grant in flight is let finish and save its rotated pair first (its own
        // request timeout bounds it); the bound here is only a backstop.
        GrantsInFlight.waitUntilNone(timeout: .seconds(300))
        CurlEngine.stopAll(timeout: timeout)
    }

    /// Blocks until no refresh grant is in flight (or `timeout`): called by a stop fallback before
    /// it ends the process, so that a rotated token pair is saved first. Returns whether it waited.
    @discardableResult
    public static func waitForGrants(timeout: Duration = .seconds(300)) -> Bool {
        GrantsInFlight.waitUntilNone(timeout: timeout)
    }
}
