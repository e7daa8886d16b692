import ArgumentParser

/// `report cache`: the local cache of finished reports.
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show or clear the local store of finished reports.",
        discussion: """
            fetch, compare, trend and sync keep finished reports and their interviews in \
            $XDG_CACHE_HOME/report (default ~/.cache/report; a folder 0700), in one SQLite \
            database (0600) per service and member, with the ETag the service sent; the next fetch \
            of a term asks only whether it changed, or nothing while the service said it is fresh \
            (Cache-Control: max-age; cache info counts those). Pending and failed analyses are \
            never kept. Kept reports stay until cache clear; once a member's store holds \
            REPORT_CACHE_MAX_SIZE (default 50MiB), new reports are not kept. report auth logout \
            removes the member's store.

            EXAMPLES:
              report cache info
              report cache info --json | jq .bytes
              report cache clear
            """,
        subcommands: [CacheInfoCommand.self, CacheClearCommand.self]
    )
}

struct CacheInfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Say where the store is, how many reports it keeps and how big it is.",
        discussion: "EXAMPLES:\n  report cache info\n  report cache info --json | jq .entries"
    )

    @Flag(name: .long, help: OutputOptions.jsonHelp) var json = false
    @OptionGroup var language: LanguageOption

    func run() async throws {
        try await AppContainer.run(connection: try language.connection, json: json) { container in
            try container.showCache(json: json)
        }
    }
}

struct CacheClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Remove every report of the store (every service and member).",
        discussion: "EXAMPLES:\n  report cache clear\n  report cache clear --json | jq .removed.entries"
    )

    @Flag(name: .long, help: OutputOptions.jsonHelp) var json = false
    @OptionGroup var language: LanguageOption

    func run() async throws {
        try await AppContainer.run(connection: try language.connection, json: json) { container in
            try container.clearCache(json: json)
        }
    }
}
