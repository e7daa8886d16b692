import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// The HTTP library `report` runs on, for `report --version`.
public enum TransportLibrary {
    /// libcurl's version line ("libcurl/7.88.1 OpenSSL/3.0.17 zlib/1.2.13 …"), or why libcurl cannot
    /// be loaded. Loads libcurl (a few milliseconds), so only `--version` asks.
    public static func versionLine() -> String {
        guard let text = report_curl_version() else { return "libcurl: \(CurlGlobal.failure)" }
        return String(cString: text)
    }
}
