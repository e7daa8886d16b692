import Terminal

/// `report config list --json`: `{"schemaVersion", "settings": [{"name", "value", "origin", "source"}]}`.
struct ConfigListDocument: JSONWritable, Sendable {
    let settings: [EffectiveSettings.Setting]
    /// config.toml's problem when the file could not be used (its settings are then left out).
    var configFileError: ConfigFileError? = nil

    /// `{"line": 3, "message": "…", "path": "…"}` (`line` only when the problem is on one).
    private struct FileProblem: JSONWritable {
        let error: ConfigFileError

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                if let line = error.line { writer.member("line", line) }
                writer.member("message", error.message)
                writer.member("path", error.path)
            }
        }
    }

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("configFileError", ifPresent: configFileError.map(FileProblem.init))
            writer.schemaVersionMember()
            writer.member("settings", settings)
        }
    }
}
