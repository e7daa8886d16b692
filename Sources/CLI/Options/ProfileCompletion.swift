/// What a shell offers after `--profile` (⇥): the profiles of `config.toml`, found where every
/// command finds it (`$XDG_CONFIG_HOME/report`, else `~/.config/report`), and `default`, which
/// exists without a table. Run by the completion script through `report ---completion … --
/// --profile …` at each ⇥, so it reads the file as it is now.
enum ProfileCompletion {
    /// The names that start with `prefix`, sorted. Quiet whatever happens: without a configuration
    /// directory, a file or a readable file there is only `default` (the error waits for the
    /// command itself, which names the file and line).
    @Sendable
    static func names(words: [String], index: Int, prefix: String) -> [String] {
        var names: Set<String> = [ServiceSettings.defaultProfile]
        if let config = SettingsResolver(environment: AppContext.current.environment).configFile {
            names.formUnion(config.profiles.keys)
        }
        return names.filter { $0.hasPrefix(prefix) }.sorted()
    }
}
