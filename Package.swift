// swift-tools-version:6.0
import PackageDescription

// The dependency rule is enforced here: CLI → Presentation → Domain ← Data, and the layer-free
// Terminal target under CLI and Data. Only the CLI target sees every layer; Domain depends on
// nothing in the package.
let package = Package(
    name: "report",
    products: [
        .executable(name: "report", targets: ["ReportMain"]),
        .executable(name: "report-server", targets: ["ReportServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // FileDescriptor for the terminal target's reads and writes (Foundation-free).
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // The fault channel handler works on the connection, below Hummingbird's response API.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // libcurl's headers (Debian's libcurl4-openssl-dev); the library itself is loaded at run
        // time, on first use (Sources/CCurl/shim.c).
        .target(name: "CCurl", path: "Sources/CCurl", linkerSettings: [.linkedLibrary("dl")]),
        // SQLite's headers (Debian's libsqlite3-dev), for the local store; the library itself is
        // loaded at run time, by the first command that opens the store (Sources/CSQLite/shim.c).
        .target(name: "CSQLite", path: "Sources/CSQLite", linkerSettings: [.linkedLibrary("dl")]),
        // libjq's headers (Debian's libjq-dev), for `--jq`; the library itself is loaded at run
        // time, when a command is given --jq (Sources/CJQ/shim.c), and every call of it runs on one
        // thread of its own.
        .target(name: "CJQ", path: "Sources/CJQ", linkerSettings: [.linkedLibrary("dl")]),
        // The version, and which commit a binary was built from: scripts/install links it in; a
        // plain `swift build` is a development build.
        .target(name: "CBuildInfo", path: "Sources/CBuildInfo"),
        // CRC-32C, with SSE 4.2's instruction where there is one: the checksum of each row of the
        // report store, checked at every read.
        .target(name: "CChecksum", path: "Sources/CChecksum"),
        .target(name: "Domain", path: "Sources/Domain"),
        // Belongs to no layer: streams, terminal width and colour, text layout, the JSON writer,
        // descriptor reads and writes, atomic files, the signal watcher, the TOML subset.
        .target(name: "Terminal", dependencies: [.product(name: "SystemPackage", package: "swift-system")],
                path: "Sources/Terminal"),
        // Crypto: SHA-256 for the report store (its databases' names, the key of a REPORT_TOKEN's
        // store, and the checksum of rows kept by its first schema). CSQLite: the store itself.
        .target(name: "Data", dependencies: ["Domain", "CCurl", "CSQLite", "CChecksum", "Terminal",
                                             .product(name: "Crypto", package: "swift-crypto")],
                path: "Sources/Data"),
        .target(name: "Presentation", dependencies: ["Domain"], path: "Sources/Presentation"),
        .target(
            name: "CLI",
            dependencies: [
                "Domain", "Data", "Presentation", "Terminal", "CBuildInfo", "CJQ",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/CLI"
        ),
        // The `report` executable: only starts the CLI library.
        .executableTarget(
            name: "ReportMain",
            dependencies: ["CLI", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/ReportMain"
        ),
        // The fuzz harness over the response path (bytes → DTOs → sections → text and JSON), and
        // `ReportFuzz`: libFuzzer's target when scripts/fuzz builds it, a replay tool otherwise.
        .target(name: "ReportFuzzing", dependencies: ["Domain", "Data", "Presentation", "CLI", "Terminal"],
                path: "Sources/ReportFuzzing"),
        .systemLibrary(name: "CLibFuzzer", path: "Sources/CLibFuzzer"),
        .executableTarget(name: "ReportFuzz", dependencies: ["ReportFuzzing", "CLibFuzzer"], path: "Sources/ReportFuzz"),
        .executableTarget(
            name: "ReportServer",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                // HTTPS with HTTP/2 and HTTP/1.1 by ALPN (--tls-cert, --tls-key).
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                // --tls-self-signed: a CA and a server certificate made at start-up.
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // Faults on demand: resets, closes, stalls and cut bodies (FaultChannelHandler).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                // Durations written as report's flags write them (DurationText).
                "Terminal",
                // The version and the commit of `report-server --version`, as report's.
                "CBuildInfo",
            ],
            path: "Sources/ReportServer"
        ),
        .testTarget(name: "DomainTests", dependencies: ["Domain"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal"]),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "ReportServer", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "PresentationTests", dependencies: ["Presentation", "Domain", "TestSupport"]),
        // The one test support library: a raw-socket HTTP/1.1 server on loopback that can misbehave
        // (resets, short bodies, stalls), raw HTTP exchanges and hand-made gzip bodies; where the
        // built binaries and the repository are (Paths); processes run to their end (`run`,
        // RunResult); the reference server as a fixture (ReferenceServer, FaultyReferenceServer,
        // ServerProcess); the report cache and sign-in worlds (CacheHome, AuthHarness); the `.slow` tag.
        .target(name: "TestSupport", dependencies: ["Terminal", "CSQLite"], path: "Tests/TestSupport"),
        .testTarget(name: "DataTests", dependencies: ["Data", "Domain", "TestSupport", "Terminal", "CChecksum",
                                                     .product(name: "Crypto", package: "swift-crypto")]),
        // Replays Fuzz/corpus and Fuzz/regressions through the harness on every `swift test`.
        .testTarget(name: "FuzzTests", dependencies: ["ReportFuzzing", "Domain", "Data", "Presentation", "CLI", "Terminal"]),
        // Tests by level, each its own target (scripts/test runs them by target):
        // - CLITests: `report` run in-process on the `IOStreams` double (CLI and Terminal), and the
        //   golden files; the reference server is a fixture there (its executable a dependency, so
        //   that `swift test` builds it), the command under test never a process.
        // - EndToEndTests: the built `report` where a process is the point: signals, the pager on a
        //   terminal, descriptors, TLS, faults at the socket, the environment a child inherits.
        // - BrowserTests: the HTML report in an HTML5 parser and in headless Chromium.
        .testTarget(
            name: "CLITests",
            dependencies: ["ReportServer", "TestSupport", "CLI", "Terminal", "Presentation", "Domain"],
            // The golden files are read by path, not as resources.
            exclude: ["Golden"]
        ),
        // Depending on both executables makes `swift test` build the real binaries these tests run.
        .testTarget(name: "EndToEndTests", dependencies: ["ReportMain", "ReportServer", "TestSupport"]),
        .testTarget(name: "BrowserTests", dependencies: ["ReportMain", "ReportServer", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
