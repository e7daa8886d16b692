import Foundation
import Testing
import TestSupport

/// What a person reads about a file, a folder, config.toml or the system's error codes is said by
/// the catalog where the problem is found: in Korean, whole, with no English sentence inside the
/// line (`EnglishInKorean`), and in English as before.
@Suite("Files, folders, config.toml and errno said in Korean where they are found")
struct KoreanFileWordsTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("report-filewords-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    private func environment(_ language: String, token: Bool) -> [String: String] {
        var variables = ["LANG": language, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
         "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
         "REPORT_BASE_URL": ReferenceServer.demo.baseURL]
        if token { variables["REPORT_TOKEN"] = "demo-access-42" }
        return variables
    }

    /// Runs `arguments` in Korean and in English: the Korean stderr has `korean` and no English
    /// sentence, the English one has `english`; both end with `status`.
    private func expectSaid(_ arguments: [String], status: Int32, korean: String, english: String, token: Bool = true,
                            sourceLocation: SourceLocation = #_sourceLocation) async {
        let ko = await reportInProcess(arguments, environment: environment("ko_KR.UTF-8", token: token))
        #expect(ko.status == status, "\(ko.stderr)", sourceLocation: sourceLocation)
        #expect(ko.stderr.contains(korean), "\(ko.stderr)", sourceLocation: sourceLocation)
        #expect(EnglishInKorean.problems(in: ko.stderr).isEmpty, "\(EnglishInKorean.problems(in: ko.stderr))", sourceLocation: sourceLocation)
        let en = await reportInProcess(arguments, environment: environment("C.UTF-8", token: token))
        #expect(en.status == status, "\(en.stderr)", sourceLocation: sourceLocation)
        #expect(en.stderr.contains(english), "\(en.stderr)", sourceLocation: sourceLocation)
    }

    /// ENOSPC, which the English matcher never knew: `-o /dev/full` fails at the write.
    @Test func aFullDeviceIsSaidByItsCode() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        await expectSaid(["fetch", "1001", "-o", "/dev/full"], status: 73,
                         korean: "-o 파일을 쓰지 못했습니다: /dev/full 파일을 쓸 수 없습니다: 장치에 남은 공간이 없습니다.",
                         english: "could not write -o: cannot write /dev/full: No space left on device")
    }

    /// A full disk under standard output: the stream and the code in Korean.
    @Test func aFullDiskUnderStandardOutput() async {
        defer { try? FileManager.default.removeItem(at: home) }
        let ko = await reportInProcess(["status"], environment: environment("ko_KR.UTF-8", token: true), outputFailure: ENOSPC)
        #expect(ko.status == 74)
        #expect(ko.stderr.hasPrefix("report: 표준 출력에 쓰지 못했습니다: 장치에 남은 공간이 없습니다."), "\(ko.stderr)")
        #expect(EnglishInKorean.problems(in: ko.stderr).isEmpty, "\(EnglishInKorean.problems(in: ko.stderr))")
    }

    /// ELOOP: a `--terms-from` file that is a loop of links.
    @Test func aLoopOfLinksIsSaidByItsCode() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let loop = home.appendingPathComponent("terms.txt").path
        #expect(symlink(loop, loop) == 0)
        await expectSaid(["fetch", "--terms-from", loop], status: 66,
                         korean: "\(loop): 읽을 수 없습니다(심볼릭 링크가 너무 여러 단계로 이어집니다)",
                         english: "cannot read \(loop): Too many levels of symbolic links")
        await expectSaid(["fetch", "1001", "--cacert", loop], status: 64,
                         korean: "--cacert \(loop): 심볼릭 링크가 너무 여러 단계로 이어집니다. 읽을 수 있는 파일의 경로를 지정하세요.",
                         english: "--cacert \(loop): Too many levels of symbolic links; give the path of a readable file")
    }

    /// `-o` into a folder that is a file.
    @Test func anOutputFileInsideAFile() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let file = home.appendingPathComponent("plain").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        await expectSaid(["fetch", "1001", "-o", file + "/report.txt"], status: 73,
                         korean: "-o 파일을 쓸 수 없습니다: \(file): 폴더가 아닙니다.",
                         english: "cannot write -o \(file) is not a directory")
    }

    /// config.toml that others may change, and one that is a folder: said whole in Korean.
    @Test func aConfigFileThatCannotBeTrusted() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("config/report")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.toml").path
        try Data("language = \"ko\"\n".utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o666)
        await expectSaid(["fetch", "1001"], status: 78,
                         korean: "\(file): 다른 사용자가 바꿀 수 있습니다(권한 666). `chmod go-w '\(file)'` 명령을 실행하세요.",
                         english: "\(file): can be changed by other users (mode 666); run: chmod go-w '\(file)'")
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        await expectSaid(["fetch", "1001"], status: 78,
                         korean: "\(file): 일반 파일이 아니라 폴더입니다. 텍스트 파일로 바꾸거나 지우세요.",
                         english: "\(file): is a directory, not a regular file; make it a text file or remove it")
    }

    /// A line of config.toml that is not TOML, and a key it does not have.
    @Test func aConfigFileLineThatIsWrong() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("config/report")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.toml").path
        try Data("colour = \"never\"\n".utf8).write(to: URL(fileURLWithPath: file))
        await expectSaid(["fetch", "1001"], status: 78,
                         korean: "\(file):1: 알 수 없는 키 'colour'입니다.",
                         english: "\(file):1: unknown key 'colour'; the top level has default_profile")
        await expectSaid(["auth", "list"], status: 78,
                         korean: "\(file):1: 알 수 없는 키 'colour'입니다. 최상위에는 default_profile, language, color, pager와 [profiles.NAME] 테이블만 둘 수 있습니다. 파일을 고치거나 `report help config`를 참고하세요.",
                         english: "\(file):1: unknown key 'colour'; the top level has default_profile, language, color, pager and [profiles.NAME] tables; fix it, or see report help config")
        try Data("[profiles.work]\nbase_url = \"ftp://example.com\"\n".utf8).write(to: URL(fileURLWithPath: file))
        await expectSaid(["fetch", "1001"], status: 78,
                         korean: "\(file):2: base_url 값이 잘못되었습니다: http:// 또는 https://로 시작해야 합니다.",
                         english: "\(file):2: base_url: it must start with http:// or https://")
        try Data("pager = \"less\" x\n".utf8).write(to: URL(fileURLWithPath: file))
        await expectSaid(["config", "set", "color", "never"], status: 78,
                         korean: "바꾸지 않았습니다: \(file):1: 값 뒤에 예상하지 못한 문자가 있습니다: 'x'. 주석은 #으로 시작합니다.",
                         english: "not changed: \(file):1: unexpected 'x' after the value; comments start with #")
    }

    /// A credentials file of a version this report does not read.
    @Test func aCredentialsFileOfAnotherVersion() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("config/report")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("credentials.json").path
        try Data(#"{"version": 9, "profiles": {}}"#.utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o600)
        await expectSaid(["fetch", "1001"], status: 78,
                         korean: "\(file): 올바른 인증 정보 파일이 아닙니다(파일 버전 9, 읽을 수 있는 버전 1).",
                         english: "\(file): is not a valid credentials file (version 9; this report understands version 1)", token: false)
    }

    /// A cache folder that is a file.
    @Test func aCacheFolderThatIsAFile() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let cache = home.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let file = cache.appendingPathComponent("report").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        await expectSaid(["cache", "info"], status: 78,
                         korean: "캐시 폴더를 쓸 수 없습니다: \(file): 폴더가 아닙니다.",
                         english: "the cache folder cannot be used: \(file) is not a directory")
        await expectSaid(["sync"], status: 78,
                         korean: "캐시 폴더를 쓸 수 없습니다: \(file): 폴더가 아닙니다.",
                         english: "the cache folder cannot be used: \(file) is not a directory; point XDG_CACHE_HOME at a folder of your own")
    }
}
