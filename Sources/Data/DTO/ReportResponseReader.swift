import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the bodies of the report's three endpoints into domain entities exactly as the use cases
/// do — `Network<T>.decode`, then the DTO's `toDomain()` — but without a transport, so that the
/// fuzz harness (`Sources/ReportFuzzing`) and its replay tests can feed it any bytes.
package enum ReportResponseReader {
    /// The body of `GET /v1/interviews/{termNo}`.
    package static func interview(_ body: [UInt8]) throws(ReportError) -> InterviewTerm {
        try read(body, as: InterviewDTO.self) { dto throws(DTOMappingError) in try dto.toDomain() }
    }

    /// The body of `GET /v1/analysis/report`.
    package static func analysisReport(_ body: [UInt8]) throws(ReportError) -> AnalysisResult {
        try read(body, as: AnalysisReportResponseDTO.self) { dto throws(DTOMappingError) in try dto.toDomain() }
    }

    /// The body of `GET /v1/analysis/video-report`; nil while the analysis is running.
    package static func videoReport(_ body: [UInt8]) throws(ReportError) -> VideoReport? {
        try read(body, as: VideoReportResponseDTO.self) { dto throws(DTOMappingError) in try dto.toDomain() }
    }

    private static func read<DTO: ResponseBody, Entity>(
        _ body: [UInt8], as: DTO.Type, _ mapping: (DTO) throws(DTOMappingError) -> Entity
    ) throws(ReportError) -> Entity {
        let dto: DTO
        do {
            dto = try Network<DTO>.decode(Data(body))
        } catch {
            throw error.toDomain()
        }
        do {
            return try mapping(dto)
        } catch {
            throw error.toDomain()
        }
    }
}
