import ArgumentParser
import Domain

extension TermNumber: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }
}
