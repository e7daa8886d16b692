import ArgumentParser
import Domain

extension TermNumber: @retroactive ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }

    public static var defaultValueDescription: String { "a positive whole number" }
}
