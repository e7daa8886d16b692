#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A DTO that reads itself straight from the body's bytes with `JSONReader`, for the hot responses
/// where the generic `Decodable` machinery costs more than the parsing (a batch's CPU). It is the
/// DTO's only decoder (`ResponseBody`).
protocol JSONBodyReadable {
    static func read(from reader: inout JSONReader) throws(JSONReadError) -> Self
}

extension JSONBodyReadable {
    /// `body` as one `Self` and nothing else (whitespace and a UTF-8 byte-order mark aside).
    static func read(body: Data) throws(JSONReadError) -> Self {
        let result = body.withUnsafeBytes { raw in
            Result { () throws(JSONReadError) -> Self in
                try JSONReader.readDocument(raw.bindMemory(to: UInt8.self)) { reader throws(JSONReadError) in
                    try read(from: &reader)
                }
            }
        }
        return try result.get()
    }
}

extension JSONReader {
    /// Reads the value of `key` into `field`, which must still be nil: a repeated key is an error
    /// (which of the two would be meant?).
    mutating func read<Value>(
        _ field: inout Value?, _ key: StaticString, _ read: (inout JSONReader) throws(JSONReadError) -> Value
    ) throws(JSONReadError) {
        guard field == nil else { throw error(.duplicateKey("\(key)")) }
        field = try read(&self)
    }

    /// Like `read(_:_:_:)` for a value that may be null: `field` becomes `.some(nil)` for null, so
    /// that a null key and a missing one stay apart.
    mutating func readNullable<Value>(
        _ field: inout Value??, _ key: StaticString, _ read: (inout JSONReader) throws(JSONReadError) -> Value
    ) throws(JSONReadError) {
        guard field == nil else { throw error(.duplicateKey("\(key)")) }
        field = .some(try readNull() ? nil : try read(&self))
    }

    func required<Value>(_ field: Value?, _ key: StaticString) throws(JSONReadError) -> Value {
        guard let field else { throw error(.missingKey("\(key)")) }
        return field
    }

    mutating func readString(_ field: inout String?, _ key: StaticString) throws(JSONReadError) {
        try read(&field, key) { reader throws(JSONReadError) in try reader.readString() }
    }

    mutating func readInteger<Integer: FixedWidthInteger>(_ field: inout Integer?, _ key: StaticString) throws(JSONReadError) {
        try read(&field, key) { reader throws(JSONReadError) in try reader.readInteger() }
    }

    mutating func read<Value: JSONBodyReadable>(_: Value.Type) throws(JSONReadError) -> Value {
        try Value.read(from: &self)
    }
}
