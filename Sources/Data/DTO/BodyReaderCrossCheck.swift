#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads one body both ways — the DTO's own `JSONReader` path and JSONDecoder — for the fuzz
/// harness (`Sources/ReportFuzzing`) and the differential tests. They agree when the fast reader
/// either leaves the body to JSONDecoder or reads exactly the DTO JSONDecoder decodes, and when
/// `Network.decode` ends as JSONDecoder does: the same value or the same error text.
package enum BodyReaderCrossCheck {
    /// How they disagree on an interview body; nil when they agree.
    package static func interview(_ body: [UInt8]) -> String? {
        compare(body, as: InterviewDTO.self).disagreement
    }

    package static func analysisReport(_ body: [UInt8]) -> String? {
        compare(body, as: AnalysisReportResponseDTO.self).disagreement
    }

    package static func videoReport(_ body: [UInt8]) -> String? {
        compare(body, as: VideoReportResponseDTO.self).disagreement
    }

    struct Comparison {
        /// Whether the fast reader took the body (rather than leaving it to JSONDecoder).
        var fastReaderReadIt: Bool
        var disagreement: String?
    }

    static func compare<DTO: JSONBodyReadable & Decodable & Sendable>(_ body: [UInt8], as: DTO.Type) -> Comparison {
        let data = Data(body)
        let expected: Result<DTO, DecodingMessage>
        do {
            expected = .success(try JSONDecoder().decode(DTO.self, from: data))
        } catch {
            expected = .failure(DecodingMessage(text: DecodingFailure.describe(error)))
        }
        let fast = Result { () throws(JSONReadError) -> DTO in try DTO.read(body: data) }
        let decoded: Result<DTO, DecodingMessage>
        do {
            decoded = .success(try Network<DTO>.decode(data))
        } catch {
            guard case .decoding(let text) = error else {
                return Comparison(fastReaderReadIt: false, disagreement: "Network.decode failed with \(error)")
            }
            decoded = .failure(DecodingMessage(text: text))
        }

        var comparison = Comparison(fastReaderReadIt: false)
        if case .success(let value) = fast {
            comparison.fastReaderReadIt = true
            switch expected {
            case .failure(let message):
                comparison.disagreement = "\(DTO.self): the fast reader took a body that JSONDecoder rejects (\(message.text))"
                return comparison
            case .success(let expectedValue) where !sameValue(value, expectedValue):
                comparison.disagreement = "\(DTO.self): the fast reader read \(value), JSONDecoder \(expectedValue)"
                return comparison
            case .success:
                break
            }
        }
        switch (decoded, expected) {
        case (.success(let value), .success(let expectedValue)) where sameValue(value, expectedValue):
            break
        case (.failure(let message), .failure(let expectedMessage)) where message == expectedMessage:
            break
        default:
            comparison.disagreement = "\(DTO.self): Network.decode gave \(decoded), JSONDecoder \(expected)"
        }
        return comparison
    }

    struct DecodingMessage: Error, Equatable {
        let text: String
    }

    /// Equal down to the Unicode scalars: `==` on strings would let canonically equivalent ones pass.
    private static func sameValue<Value>(_ value: Value, _ other: Value) -> Bool {
        String(reflecting: value).unicodeScalars.elementsEqual(String(reflecting: other).unicodeScalars)
    }
}
