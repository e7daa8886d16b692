/// Something wrong inside one data file, located by a JSON path such as `report.aptitude.games[1].score`.
struct DataProblem: Error, Sendable, Equatable {
    var path: String
    var message: String
}
