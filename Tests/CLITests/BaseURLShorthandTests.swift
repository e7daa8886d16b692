import Foundation
import Testing
import TestSupport

/// `--base-url :8080` and `host:port` on this machine mean plain http:// (as xh reads them); a base
/// URL without its scheme elsewhere is refused with the URL it would have meant.
@Suite("Base URL shorthands")
struct BaseURLShorthandTests {
    static var port: String { String(ReferenceServer.demo.baseURL.split(separator: ":").last ?? "") }

    @Test(arguments: [":PORT", "127.0.0.1:PORT", "localhost:PORT", ":PORT/"])
    func aLoopbackShorthandIsPlainHTTPOnThisMachine(_ form: String) async {
        let url = form.replacingOccurrences(of: "PORT", with: Self.port)
        let flag = await reportInProcess(["status", "--base-url", url])
        #expect(flag.status == 0, "\(url): \(flag.stderr)")
        #expect(flag.stdout.hasPrefix("http://"), "\(flag.stdout)")
        let environment = await reportInProcess(["status"], environment: ["REPORT_BASE_URL": url])
        #expect(environment.status == 0, "\(url): \(environment.stderr)")
        let fetch = await reportInProcess(["fetch", "1001", "--json", "--base-url", url], environment: ["REPORT_TOKEN": "demo-access-42"])
        #expect(fetch.status == 0, "\(fetch.stderr)")
    }

    @Test(arguments: [("reports.example.com", "https://reports.example.com"), ("10.0.0.5:8443/api", "https://10.0.0.5:8443/api")])
    func aURLWithoutItsSchemeIsRefusedWithTheURLItMeant(_ typed: String, _ meant: String) async {
        let flag = await reportInProcess(["status", "--base-url", typed])
        #expect(flag.status == 64)
        #expect(flag.stdout == "")
        #expect(flag.stderr == "report: invalid --base-url '\(typed)': it is not a URL; did you mean \(meant)? A base URL starts with http:// or https://\n")
        let environment = await reportInProcess(["status"], environment: ["REPORT_BASE_URL": typed])
        #expect(environment.status == 78)
        #expect(environment.stderr.contains("did you mean \(meant)?"), "\(environment.stderr)")
    }

    /// What is not a shorthand keeps its own message: no scheme to add would make it a URL.
    @Test func aURLWithoutAHostSaysSo() async {
        let result = await reportInProcess(["status", "--base-url", "http://"])
        #expect(result.status == 64)
        #expect(result.stderr == "report: invalid --base-url 'http://': it has no host; use an http:// or https:// URL such as http://127.0.0.1:8080\n")
    }
}
