import CJQ
#if canImport(Glibc)
import Glibc
#endif

/// A jq program (`--jq`), compiled once by libjq — loaded on first use, every call of it run on
/// one thread of its own (`Sources/CJQ/shim.c`) — and run on each document a command writes.
///
/// Unchecked `Sendable`: the handle is libjq's, and libjq is only ever called on its own thread,
/// one call at a time (the shim waits for each).
final class JQProgram: @unchecked Sendable {
    private let handle: OpaquePointer

    /// One result of the program, as `apply` hands it over.
    enum Piece {
        /// A string's UTF-8, raw.
        case string(UnsafeRawBufferPointer)
        /// Any other value, as compact JSON.
        case json(UnsafeRawBufferPointer)
        /// The end of one input text's results.
        case endOfText
    }

    /// Why `apply` stopped before the end of its input.
    enum Stop: Error, Equatable {
        /// The input is not JSON (libjq's parser's words).
        case notJSON(String)
        /// The program failed (its error's message).
        case failed(String)
        /// `receive` asked to stop.
        case stopped
    }

    /// Compiles `text`; throws why it does not compile (libjq's words, one line), or why libjq
    /// could not be loaded.
    init(compiling text: String) throws(CompileError) {
        var error: UnsafeMutablePointer<CChar>?
        guard let handle = report_jq_compile(text, &error) else {
            let reason = error.map { String(cString: $0) } ?? "the expression does not compile"
            free(error)
            throw CompileError(reason: reason, libraryMissing: report_jq_load() != 0)
        }
        self.handle = handle
    }

    deinit {
        report_jq_free(handle)
    }

    struct CompileError: Error, Equatable {
        let reason: String
        /// libjq itself could not be loaded (not installed): not the expression's fault.
        let libraryMissing: Bool
    }

    /// Runs the program on each JSON text of `bytes` in turn, handing every result to `receive`
    /// (which returns false to stop), and the end of each text's results. The buffers are valid
    /// only during the call.
    func apply(_ bytes: [UInt8], _ receive: (Piece) -> Bool) throws(Stop) {
        var error: UnsafeMutablePointer<CChar>?
        let status = withoutActuallyEscaping(receive) { receive in
            let box = Receiver(receive)
            return withExtendedLifetime(box) {
                bytes.withUnsafeBufferPointer { input in
                    input.withMemoryRebound(to: CChar.self) { input in
                        report_jq_apply(handle, input.baseAddress, input.count, { context, piece, bytes, length in
                            guard let context else { return 1 }
                            let receiver = Unmanaged<Receiver>.fromOpaque(context).takeUnretainedValue()
                            let buffer = UnsafeRawBufferPointer(start: bytes, count: length)
                            let value: Piece = switch piece {
                            case Int32(REPORT_JQ_STRING.rawValue): .string(buffer)
                            case Int32(REPORT_JQ_END_OF_TEXT.rawValue): .endOfText
                            default: .json(buffer)
                            }
                            return receiver.receive(value) ? 0 : 1
                        }, Unmanaged.passUnretained(box).toOpaque(), &error)
                    }
                }
            }
        }
        let reason = error.map { String(cString: $0) } ?? ""
        free(error)
        switch UInt32(status) {
        case REPORT_JQ_OK.rawValue: return
        case REPORT_JQ_NOT_JSON.rawValue: throw .notJSON(reason)
        case REPORT_JQ_STOPPED.rawValue: throw .stopped
        default: throw .failed(reason)
        }
    }

    /// The closure `apply` hands results to, reachable from libjq's callback through its context.
    private final class Receiver {
        let receive: (Piece) -> Bool
        init(_ receive: @escaping (Piece) -> Bool) { self.receive = receive }
    }
}
