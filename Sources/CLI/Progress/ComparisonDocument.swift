import Domain
import Terminal

/// `report compare --json`, described by `schema/compare.schema.json`: written from the
/// comparison (the entities), as every `--json` document is.
struct ComparisonDocument: JSONWritable, Sendable {
    let comparison: ReportComparison

    init(_ comparison: ReportComparison) {
        self.comparison = comparison
    }

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("after", ReportDocument.InterviewObject(comparison.after.interview))
            writer.key("aptitude")
            writer.object { writer in
                writer.member("after", comparison.after.aptitude.map(AptitudeObject.init))
                writer.member("before", comparison.before.aptitude.map(AptitudeObject.init))
                writer.member("gradeSteps", comparison.gradeSteps)
                writer.member("percentileChange", comparison.percentileChange)
            }
            writer.member("before", ReportDocument.InterviewObject(comparison.before.interview))
            writer.key("games")
            writer.array(comparison.games) { writer, game in
                writer.object { writer in
                    writer.member("after", game.after.map(GameObject.init))
                    writer.member("before", game.before.map(GameObject.init))
                    writer.member("name", game.name)
                    writer.member("percentOfMaxChange", game.percentOfMaxChange)
                    writer.member("percentileChange", game.percentileChange)
                    writer.member("scoreChange", game.scoreChange)
                }
            }
            writer.key("keywords")
            writer.object { writer in
                writer.member("gained", comparison.keywordsGained)
                writer.member("lost", comparison.keywordsLost)
            }
            writer.schemaVersionMember()
            writer.member("sectionsOnlyAfter", comparison.sectionsOnlyAfter.map(\.rawValue))
            writer.member("sectionsOnlyBefore", comparison.sectionsOnlyBefore.map(\.rawValue))
            writer.key("traits")
            writer.array(comparison.traits) { writer, trait in
                writer.object { writer in
                    writer.member("after", trait.after)
                    writer.member("before", trait.before)
                    writer.member("change", trait.change)
                    writer.member("name", trait.name)
                }
            }
            writer.key("video")
            writer.array(comparison.video) { writer, item in
                writer.object { writer in
                    writer.member("after", item.after)
                    writer.member("before", item.before)
                    writer.member("change", item.change)
                    writer.member("measure", item.measure.rawValue)
                    writer.member("number", item.number)
                    writer.member("question", item.question)
                }
            }
        }
    }

    struct AptitudeObject: JSONWritable, Sendable {
        let grade: String
        let percentile: Int
        init(_ aptitude: Aptitude) { (grade, percentile) = (aptitude.grade, aptitude.percentile) }
        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("grade", grade)
                writer.member("percentile", percentile)
            }
        }
    }

    struct GameObject: JSONWritable, Sendable {
        let game: AptitudeGame
        init(_ game: AptitudeGame) { self.game = game }
        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("maxScore", game.maxScore)
                writer.member("percentile", game.percentile)
                writer.member("score", game.score)
            }
        }
    }
}
