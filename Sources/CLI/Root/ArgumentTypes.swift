import ArgumentParser

/// The Swift type each option and positional argument of a command reads its value as, found
/// from the command's own declarations (its `@Option`, `@Argument` and `@OptionGroup` properties,
/// as ArgumentParser finds them), so that `ArgumentCheck` reads a value exactly as the parser
/// will: with the type's `init(argument:)`.
enum ArgumentTypes {
    /// The value types of `command`'s options, by long name (`--wait-timeout`), and of its
    /// positional arguments, in order.
    static func of(_ command: any ParsableArguments.Type) -> (options: [String: Any.Type], positionals: [Any.Type]) {
        var options: [String: Any.Type] = [:]
        var positionals: [Any.Type] = []
        for child in Mirror(reflecting: command.init()).children {
            guard let label = child.label, label.hasPrefix("_") else { continue }
            let wrapper = type(of: child.value)
            if let group = wrapper as? any GroupTyped.Type {
                let inner = of(group.groupType)
                options.merge(inner.options) { first, _ in first }
                positionals += inner.positionals
            } else if let argument = wrapper as? any PositionalTyped.Type {
                positionals.append(argument.valueType)
            } else if let option = wrapper as? any OptionTyped.Type {
                options["--" + longName(String(label.dropFirst()))] = option.valueType
            }
        }
        return (options, positionals)
    }

    /// Whether `text` is a value of `type` (`DurationArgument?`, `[TermNumber]`, `Int`): what the
    /// parser would make of it. A type this cannot read with takes any text.
    static func reads(_ type: Any.Type, _ text: String) -> Bool {
        if let type = type as? any ExpressibleByArgument.Type { return type.init(argument: text) != nil }
        if let type = type as? any ArgumentValueReader.Type { return type.reads(text) }
        return true
    }

    /// A property's name as ArgumentParser spells its long option: `waitTimeout` is
    /// `wait-timeout`, `baseURL` `base-url`.
    static func longName(_ property: String) -> String {
        let characters = Array(property)
        var name = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) { name += "-" }
            }
            name += character.lowercased()
        }
        return name
    }
}

/// `@Option`'s, `@Argument`'s and `@OptionGroup`'s value types, read from the property wrappers.
protocol OptionTyped { static var valueType: Any.Type { get } }
protocol PositionalTyped { static var valueType: Any.Type { get } }
protocol GroupTyped { static var groupType: any ParsableArguments.Type { get } }

extension Option: OptionTyped { static var valueType: Any.Type { Value.self } }
extension Argument: PositionalTyped { static var valueType: Any.Type { Value.self } }
extension OptionGroup: GroupTyped { static var groupType: any ParsableArguments.Type { Value.self } }

/// An optional or repeated value: read as one of its elements.
protocol ArgumentValueReader { static func reads(_ text: String) -> Bool }

extension Optional: ArgumentValueReader where Wrapped: ExpressibleByArgument {
    static func reads(_ text: String) -> Bool { Wrapped(argument: text) != nil }
}

extension Array: ArgumentValueReader where Element: ExpressibleByArgument {
    static func reads(_ text: String) -> Bool { Element(argument: text) != nil }
}
