import CCurl

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
