#if canImport(Glibc)
import Glibc
#endif

/// The XDG base directory rule, for the configuration folder (`XDG_CONFIG_HOME`, `.config`)
/// and the cache (`XDG_CACHE_HOME`, `.cache`): `$VARIABLE/report` when the variable is an
/// absolute path (a relative one is ignored, as the specification says), else
/// `$HOME/SUBFOLDER/report`, else the home folder in the password database. Nil when none is known.
enum XDGFolder {
    static func resolve(_ variable: String, homeSubfolder: String, environment: AppEnvironment) -> Resolved<String>? {
        if let base = environment[variable], base.hasPrefix("/") {
            return Resolved(value: trimmed(base) + "/report", origin: .environment(variable))
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return Resolved(value: trimmed(home) + "/\(homeSubfolder)/report", origin: .environment("HOME"))
        }
        if let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir {
            let home = String(cString: directory)
            if home.hasPrefix("/") { return Resolved(value: trimmed(home) + "/\(homeSubfolder)/report", origin: .passwordDatabase) }
        }
        return nil
    }

    /// `path` without trailing slashes; "" for the root, so that appending `/report` works.
    private static func trimmed(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return path == "/" ? "" : String(path)
    }
}
