/// The `{"result": … | null}` envelope of the report endpoints; `null` while the analysis runs.
struct AnalysisResult<Value: Encodable & Sendable>: Encodable, Sendable {
    var result: Value?

    private enum CodingKeys: String, CodingKey { case result }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(result, forKey: .result)
    }
}
