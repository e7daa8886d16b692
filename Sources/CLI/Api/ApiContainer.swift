
extension AppContainer {
    func makeApiFlow(include: Bool) throws -> ApiFlow {
        ApiFlow(useCase: try makeUseCaseProvider().makeRawRequestUseCase(), include: include, style: makeTextStyle(),
                standardOutput: standardOutput, standardInput: streams.input)
    }
}
