#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Domain

/// `report search`'s use case: the search index of this scope's store (`StoreSearchIndex`),
/// brought up to date with the store and queried. Never a request: it reads the database only.
struct StoreSearchUseCase: SearchUseCase {
    /// The scope's database, or why this run has none (no credentials: no scope).
    let database: Result<String, ReportError>

    func search(_ query: SearchQuery) async throws -> SearchResults {
        let path = try database.get()
        let empty = SearchResults(hits: [], total: 0, reports: 0)
        guard case .usable = ReportStore.checkFile(path) else { return empty }
        do {
            let connection = try SQLiteConnection(path: path, access: .readWrite, busyTimeout: ReportStore.busyTimeout)
            defer { connection.close() }
            try ReportStore.prepareSchema(connection)
            let index = StoreSearchIndex(connection: connection)
            try index.update()
            return try index.search(query)
        } catch let failure as SQLiteConnection.Failure where failure.isLibraryMissing {
            throw ReportError.storeLibraryMissing
        } catch {
            // The database's own words (SQLite's), kept as data: the Korean line says the store
            // cannot be searched without them.
            throw ReportError.storeUnavailable(Detail(.detailStoreUnsearchable, ["detail": .data("\(error)")]))
        }
    }

    func keptInterviews() -> [InterviewTerm] {
        guard case .success(let path) = database, case .usable = ReportStore.checkFile(path),
              let connection = try? SQLiteConnection(path: path, access: .readWrite, busyTimeout: .milliseconds(200))
        else { return [] }
        defer { connection.close() }
        guard let statement = try? connection.prepare("SELECT body FROM response WHERE kind = 'interview' ORDER BY term DESC")
        else { return [] }
        var interviews: [InterviewTerm] = []
        while (try? statement.step()) == true {
            guard let body = statement.blob(0),
                  let interview = try? InterviewDTO.decode(body: Data(body)).toDomain() else { continue }
            interviews.append(interview)
        }
        return interviews
    }
}
