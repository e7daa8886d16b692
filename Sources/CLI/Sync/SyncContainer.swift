import Domain
import Presentation
import Terminal

extension AppContainer {
    /// `report sync`: the list of interviews and the store, on one provider whose connections
    /// carry `parallel` terms' three requests at once.
    func makeSyncFlow(format: SyncFlow.Format, parallel: Int) throws -> SyncFlow {
        let settings = try CacheSettings(environment: environment)
        if let problem = ServiceLayer.CacheFolder(directory: settings.directory, maxBytes: settings.maxBytes).problem() {
            throw CLIError(.detailRefusalCacheUnusable, ["detail": .detail(problem)], hint: .detailRefusalOwnCacheFolder, kind: .configuration)
        }
        let provider = try makeUseCaseProvider(connectionsPerHost: parallel * 3)
        return SyncFlow(list: provider.makeInterviewListUseCase(), sync: provider.makeSyncUseCase(), format: format,
                        parallel: parallel, words: makeWords(), signInHint: signInHint,
                        standardOutput: standardOutput, standardError: standardError)
    }
}
