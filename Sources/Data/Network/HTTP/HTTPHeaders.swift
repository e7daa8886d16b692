/// An ordered list of header fields with case-insensitive lookup by name.
struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    struct Field: Hashable, Sendable {
        let name: String
        let value: String
    }

    private(set) var fields: [Field] = []

    init() {}

    init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value of the field called `name`, in any letter case.
    subscript(name: String) -> String? {
        fields.first { Self.matches($0.name, name) }?.value
    }

    /// Every value of the field called `name`, in the order received.
    func values(for name: String) -> [String] {
        fields.filter { Self.matches($0.name, name) }.map(\.value)
    }

    /// Adds a field, keeping any other field of the same name.
    mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Sets the only field called `name` (in any letter case).
    mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    mutating func remove(_ name: String) {
        fields.removeAll { Self.matches($0.name, name) }
    }

    var isEmpty: Bool { fields.isEmpty }

    func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    private static func matches(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && lhs.lowercased() == rhs.lowercased()
    }
}
