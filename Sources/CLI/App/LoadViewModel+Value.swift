import Domain
import Presentation

extension LoadViewModel {
    /// Loads once: the value, or what ended the screen as a `CLIError` for `context` (with
    /// `notFoundHint`, when given, as a "not found"'s hint). `failing` is told the error event that
    /// ends the screen, before it is thrown (a progress view names the reports it left out).
    func value(context: String, notFoundHint: Message? = nil,
               failing: (ReportError) -> Void = { _ in }) async throws -> Value {
        let output: Output
        do {
            output = try await transform(input: .init())
        } catch {
            throw CLIError(ReportError(error), context: context)
        }
        if let value = output.state.value { return value }
        if let error = output.error { failing(error) }
        if case .notFound(let detail)? = output.error, let notFoundHint {
            let error = CLIError(.notFound(detail), context: context)
            throw error.replacingHint(Said(notFoundHint))
        }
        throw CLIError(ending: output.error, context: context)
    }
}

extension CLIError {
    /// What ends a screen that showed nothing: its error event; without one (a navigator that
    /// sent the user elsewhere without ending the screen), cancelled.
    init(ending error: ReportError?, context: String) {
        self.init(error ?? .cancelled, context: context)
    }
}
