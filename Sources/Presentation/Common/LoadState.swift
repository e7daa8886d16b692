import Domain

/// What a loading screen shows.
public enum LoadState<Value: Sendable & Equatable>: Sendable, Equatable {
    case idle
    case loaded(Value)

    /// The loaded value; nil while idle.
    public var value: Value? {
        if case .loaded(let value) = self { value } else { nil }
    }
}
