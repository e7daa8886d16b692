import ArgumentParser
import Presentation

/// `--offline`, `--no-cache` and `--refresh`: how a command that reads reports uses the report cache.
struct CacheOptions: ParsableArguments {
    @Flag(name: .long, help: "Read only the local cache of finished reports; ask the service nothing (a term not there: exit 66).")
    var offline = false

    @Flag(name: .customLong("no-cache"), help: "Neither read nor write the local cache: fetch every report whole.")
    var noCache = false

    @Flag(name: .long, help: """
        Ask the service whether each kept report changed (If-None-Match) even when it says the report \
        is still fresh (Cache-Control: max-age); a 304 prints the kept copy.
        """)
    var refresh = false

    func validate() throws {
        if offline && noCache {
            throw UsageText.error(.usageOfflineNoCache)
        }
        if refresh && (offline || noCache) {
            throw UsageText.error(.usageRefreshAlone, ["flag": offline ? "--offline" : "--no-cache"])
        }
    }

    var use: CacheUse {
        offline ? .offline : noCache ? .off : refresh ? .refresh : .revalidate
    }
}
