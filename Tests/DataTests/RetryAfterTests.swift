@testable import Data
import Foundation
import Testing

@Suite("Retry-After and HTTP dates")
struct RetryAfterTests {
    private let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test func parsesSeconds() {
        #expect(RetryAfter(headerValue: "120") == .seconds(120))
        #expect(RetryAfter(headerValue: " 0 ") == .seconds(0))
        #expect(RetryAfter(headerValue: "99999999999999999999") == .seconds(Int(Int32.max)))
        #expect(RetryAfter(headerValue: "120")?.delay(now: now) == .seconds(120))
    }

    @Test func parsesIMFFixdate() throws {
        let retryAfter = try #require(RetryAfter(headerValue: "Sun, 06 Nov 1994 08:51:37 GMT"))
        #expect(retryAfter == .date(HTTPDate(secondsSince1970: 784_111_897)))
        #expect(retryAfter.delay(now: now) == .seconds(120))
        #expect(RetryAfter(headerValue: "Sun, 06 Nov 1994 08:00:00 GMT")?.delay(now: now) == .zero)
    }

    @Test(arguments: [
        "", "-1", "1.5", "soon", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
        "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 31 Feb 2026 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
        "Xyz, 06 Nov 1994 08:49:37 GMT", "Sun, 6 Nov 1994 08:49:37 GMT",
    ])
    func rejectsAnythingElse(value: String) {
        #expect(RetryAfter(headerValue: value) == nil)
    }

    @Test func formatsDates() throws {
        let date = try #require(HTTPDate(imfFixdate: "Tue, 29 Feb 2028 23:59:59 GMT"))
        #expect(date.iso8601 == "2028-02-29T23:59:59Z")
        #expect(date.imfFixdate == "Tue, 29 Feb 2028 23:59:59 GMT")
        #expect(HTTPDate(secondsSince1970: 0).imfFixdate == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate(secondsSince1970: -1).iso8601 == "1969-12-31T23:59:59Z")
    }

    @Test func roundTripsAcrossYears() {
        for seconds in stride(from: Int64(-100_000_000), to: 5_000_000_000, by: 7_777_777) {
            let date = HTTPDate(secondsSince1970: seconds)
            #expect(HTTPDate(imfFixdate: date.imfFixdate) == date)
        }
    }

    @Test func agreesWithFoundationForTheSecondsForm() throws {
        let retryAfter = try #require(RetryAfter(headerValue: "30"))
        #expect(retryAfter.date(now: now).secondsSince1970 == Int64(now.timeIntervalSince1970) + 30)
    }
}
