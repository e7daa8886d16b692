import ArgumentParser
import Data
import Presentation

/// `--offline` and `--no-cache`: how a command that reads reports uses the report cache.
struct CacheOptions: ParsableArguments {
    @Flag(name: .long, help: "Read only the local cache of finished reports; ask the service nothing (a term not there: exit 66).")
    var offline = false

    @Flag(name: .customLong("no-cache"), help: "Neither read nor write the local cache: fetch every report whole.")
    var noCache = false

    func validate() throws {
        if offline && noCache {
            throw UsageText.error(.usageOfflineNoCache)
        }
    }

    var use: CacheConfiguration.Use {
        offline ? .offline : noCache ? .off : .revalidate
    }
}
