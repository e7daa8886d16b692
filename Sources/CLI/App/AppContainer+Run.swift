import Data
import Terminal

extension AppContainer {
    /// The one path of every command that talks to the service: build the container for the
    /// current context, then run `body` under the command runner (signals, `--max-time`, the
    /// exit-code table, the error line).
    ///
    /// With `outputFile` (`-o FILE`), stdout is collected and, once the command has its status,
    /// written to the file atomically: the file gets the whole document or is left as it was, and
    /// stdout stays empty. A path that cannot be written is found out before anything runs. A
    /// command that produced nothing leaves the file untouched, unless `emptyIsADocument` and it
    /// succeeded.
    ///
    /// With `paging` (text for a person, and no `--no-pager`), stdout on a terminal goes through
    /// the pager (`Pager`), which the command waits for before it ends.
    ///
    /// `cache`: `--offline` or `--no-cache` of a command that reads reports; without it the
    /// reports' use cases do not use the cache (no other command reads reports).
    static func run(connection: ConnectionOptions, json: Bool, outputFile: String? = nil, emptyIsADocument: Bool = false,
                    color: ColorChoice = .auto, paging: Bool = false, cache: CacheConfiguration.Use? = nil,
                    _ body: @escaping @Sendable (AppContainer) async throws -> ExitStatus) async throws {
        let context = AppContext.current
        let collected = OutputBuffer()
        var streams = outputFile == nil ? context.streams : context.streams.collectingOutput(in: collected)
        let variables = context.environment.variables
        let pager = paging && outputFile == nil
            ? Pager.command(environment: variables).map { Pager(command: $0, environment: variables) } : nil
        if let pager { streams = streams.paging(through: pager) }
        var container = AppContainer(context: AppContext(environment: context.environment, streams: streams,
                                                         clock: context.clock, ownsProcess: context.ownsProcess),
                                     connection: connection)
        container.color = color
        container.cacheUse = cache ?? .off
        do {
            try await run(container, json: json, outputFile: outputFile, emptyIsADocument: emptyIsADocument,
                          collected: collected, body)
        } catch {
            await pager?.finish()
            throw error
        }
        await pager?.finish()
    }

    private static func run(_ container: AppContainer, json: Bool, outputFile: String?, emptyIsADocument: Bool,
                            collected: OutputBuffer,
                            _ body: @escaping @Sendable (AppContainer) async throws -> ExitStatus) async throws {
        try await container.makeCommandRunner(json: json).run { [container] in
            guard let outputFile else { return try await body(container) }
            if let problem = AtomicFile.checkWritable(outputFile) {
                throw CLIError(message: "cannot write -o \(PrintableText.oneLine(problem))",
                               hint: "give -o a path in a directory that exists and is writable", kind: .cannotWrite)
            }
            let status = try await body(container)
            // Nothing produced (a batch that fetched nothing, a failed fetch): the file is left as
            // it was. Only `api`'s empty 2xx body is an empty document, as with `curl -o`.
            if collected.bytes.isEmpty && !(emptyIsADocument && status == .success) { return status }
            do throws(AtomicFile.WriteError) {
                try AtomicFile.write(collected.bytes, to: outputFile)
            } catch {
                throw CLIError(message: "could not write -o: \(error.description)", kind: .cannotWrite)
            }
            return status
        }
    }


    /// The report cache as this command uses it. A command that does not use it still learns
    /// where it is, when that can be told, so that `auth logout` removes the member's entries;
    /// a bad REPORT_CACHE_MAX_SIZE is an error only for a command that writes the cache.
    func makeCacheConfiguration() throws(CLIError) -> CacheConfiguration? {
        switch cacheUse {
        case .revalidate, .offline:
            let settings = try CacheSettings(environment: environment)
            return CacheConfiguration(directory: settings.directory, maxBytes: settings.maxBytes, use: cacheUse)
        case .off:
            return (try? CacheSettings.directory(environment: environment)).map { CacheConfiguration(directory: $0.value, use: .off) }
        }
    }
}
