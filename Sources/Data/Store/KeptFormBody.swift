#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A response whose mapped value the store keeps beside its body, in its `KeptForm`.
protocol KeptFormBody: ResponseBody {
    associatedtype Value: Sendable
    /// The body's value for the domain: its mapping, checked (`toDomain`).
    func value() throws(DTOMappingError) -> Value
    static func write(_ value: Value, to form: inout KeptForm.Writer)
    static func read(from form: inout KeptForm.Reader) throws(KeptForm.Unreadable) -> Value
}

extension KeptFormBody {
    /// `value`'s form, sealed for `body`, the body it was mapped from, by `maker`.
    static func form(of value: Value, body: Data, maker: UInt32) -> [UInt8] {
        var writer = KeptForm.Writer()
        write(value, to: &writer)
        return writer.sealed(bodyChecksum: ReportStore.crc32c(of: body), maker: maker)
    }

    /// The value a sealed form holds; nil when it does not read whole.
    static func value(fromForm form: [UInt8]) -> Value? {
        do {
            var reader = try KeptForm.Reader(form)
            let value = try read(from: &reader)
            try reader.finish()
            return value
        } catch {
            return nil
        }
    }
}
