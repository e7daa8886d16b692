import Terminal

/// `report config get NAME --json`: the setting's object, with `schemaVersion`.
struct ConfigSettingDocument: JSONWritable, Sendable {
    let setting: EffectiveSettings.Setting

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("name", setting.name)
            writer.member("origin", setting.origin)
            writer.schemaVersionMember()
            writer.member("source", setting.source)
            writer.member("value", setting.value)
        }
    }
}
