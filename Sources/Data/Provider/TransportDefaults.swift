/// The one table of the connection's defaults: the flags' defaults (`--connect-timeout`,
/// `--timeout`, `--stall-timeout`, `--retries`) and the transport's, so they cannot drift apart.
public enum TransportDefaults {
    public static let connectTimeout: Duration = .seconds(10)
    /// The most one request may take, its response and redirects included (`--timeout`).
    public static let totalTimeout: Duration = .seconds(30)
    /// A response that moves no byte for this long fails (`--stall-timeout`).
    public static let stallTimeout: Duration = .seconds(15)
    public static let retries = 3
}
