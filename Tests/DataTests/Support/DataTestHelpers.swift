@testable import Data
import Foundation
import TestSupport

/// A transport with timeouts short enough for tests.
func makeTransport(_ configure: (inout TransportOptions) -> Void = { _ in }) throws -> CurlTransport {
    var options = TransportOptions(clientVersion: "9.9.9-test")
    options.connectTimeout = .seconds(2)
    options.totalTimeout = .seconds(5)
    options.stallTimeout = .seconds(2)
    configure(&options)
    return try CurlTransport(options: options)
}


func elapsed(since start: ContinuousClock.Instant) -> Duration {
    start.duration(to: .now)
}

extension HTTPResponse {
    var text: String { String(decoding: body, as: UTF8.self) }
}
