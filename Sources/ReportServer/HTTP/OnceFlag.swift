import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import Synchronization
import Terminal

/// True for the first caller only.
final class OnceFlag: Sendable {
    private let claimed = Atomic<Bool>(false)

    func claim() -> Bool { !claimed.exchange(true, ordering: .relaxed) }
}
