/// A setting's value with its origin, resolved once.
struct Resolved<Value: Sendable>: Sendable {
    let value: Value
    let origin: SettingOrigin
}
