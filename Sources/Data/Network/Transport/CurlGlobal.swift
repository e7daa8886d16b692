import CCurl

/// libcurl's process-wide state.
enum CurlGlobal {
    /// curl_global_init must run once, before any other libcurl call and never concurrently with
    /// one. A static `let` is initialised exactly once, thread-safely, on first use.
    static let isInitialised: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

    /// libcurl's version, e.g. "7.88.1".
    static let version: String = {
        guard isInitialised, let info = report_version_info(), let text = info.pointee.version else {
            return "unknown"
        }
        return String(cString: text)
    }()
}
