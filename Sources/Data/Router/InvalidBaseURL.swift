import Terminal
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
import Glibc
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Why a base URL cannot be used. The reason never repeats the URL (it could hold a secret).
struct InvalidBaseURL: Error, Hashable, Sendable, CustomStringConvertible {
    let reason: String

    var description: String { "invalid base URL: \(reason)" }
}
