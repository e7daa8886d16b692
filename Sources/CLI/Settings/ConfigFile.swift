import Domain
import Presentation
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Terminal

/// `config.toml` in the configuration directory: named profiles and which one is the default.
///
/// ```toml
/// default_profile = "staging"     # optional
/// language = "ko"                 # optional: ko or en
/// color = "never"                 # optional: auto, always or never
/// pager = "less -R"               # optional: "" or "cat" for none
/// [profiles.staging]
/// base_url = "https://staging.example.com"
/// ```
///
/// A small subset of TOML, parsed here so that every error can name its line: comments, blank
/// lines, `[profiles.NAME]` tables, and keys whose values are basic ("…") or literal ('…')
/// strings. Anything else is an error rather than ignored, so a typo never goes unnoticed.
struct ConfigFile: Hashable, Sendable {
    static let fileName = "config.toml"

    /// A value with the line it was set on, for error messages.
    struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
        let value: Value
        let line: Int
    }

    struct Profile: Hashable, Sendable {
        let name: String
        /// The line of its `[profiles.NAME]` header.
        let line: Int
        var baseURL: Located<String>?
    }

    let path: String
    private(set) var defaultProfile: Located<String>?
    /// `language = "ko"`: the language of text for a person (LanguageSetting).
    private(set) var language: Located<Language>?
    /// `color = "never"`: below --color and the colour variables (ColorSetting).
    private(set) var color: Located<ColorChoice>?
    /// `pager = "less -R"`: below REPORT_PAGER and PAGER ("" or "cat" for none).
    private(set) var pager: Located<String>?
    private(set) var profiles: [String: Profile] = [:]

    /// The file at `path`; nil when there is none (every setting has a default).
    static func load(path: String) throws(ConfigFileError) -> ConfigFile? {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, for ever and
        // past Ctrl-C. Only a regular file is read at all.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw ConfigFileError(path: path, line: nil, .detailConfigCannotRead, ["reason": .system(code)])
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw ConfigFileError(path: path, line: nil, .detailConfigCannotRead, ["reason": .system(errno)])
        }
        if let kind = Self.notRegularKind(status.st_mode) {
            throw ConfigFileError(path: path, line: nil, .detailConfigNotRegular, ["kind": .detail(Detail(kind))])
        }
        // Its base_url decides where the token goes: a file another user owns or may change is
        // theirs to point elsewhere, as is one in a folder they may write to.
        if let problem = Self.trustProblem(file: status, path: path) {
            throw ConfigFileError(path: path, line: nil, problem.key, problem.values)
        }
        let bytes: [UInt8]
        switch Descriptor.readAll(descriptor, limit: 1 << 20) {
        case .success(let read):
            bytes = read
        case .failure(.tooLarge):
            throw ConfigFileError(path: path, line: nil, .detailConfigTooLarge)
        case .failure(.system(let code)):
            throw ConfigFileError(path: path, line: nil, .detailConfigCannotRead, ["reason": .system(code)])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigFileError(path: path, line: nil, .detailConfigNotUTF8)
        }
        return try ConfigFile(parsing: text, path: path)
    }

    init(parsing text: String, path: String) throws(ConfigFileError) {
        self.path = path
        /// The profile whose table the following keys belong to; nil at the top level.
        var table: String?
        var keyLines: [String: Int] = [:]
        // "\r\n" is one Character in Swift, so it has to be named as a separator of its own.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
        for (index, line) in lines.enumerated() {
            let number = index + 1
            func fail(_ key: Detail.Key, _ values: [String: Detail.Value] = [:]) -> ConfigFileError {
                ConfigFileError(path: path, line: number, key, values)
            }
            var scanner = TOMLLineScanner(line)
            scanner.skipWhitespace()
            if scanner.isAtEndOfContent { continue }
            if scanner.peek == "[" {
                let name: String
                do { name = try scanner.tableHeader() } catch { throw fail(error.detail.key, error.detail.values) }
                guard Self.isValidProfileName(name) else {
                    throw fail(.detailConfigProfileName, ["name": .data(Self.printable(name))])
                }
                if let existing = profiles[name] {
                    throw fail(.detailConfigTableTwice, ["name": .data(name), "line": .data("\(existing.line)")])
                }
                profiles[name] = Profile(name: name, line: number)
                table = name
                continue
            }
            let key: String, value: String
            do { (key, value) = try scanner.keyValue() } catch { throw fail(error.detail.key, error.detail.values) }
            let scope = table.map { "profiles.\($0)." } ?? ""
            if let first = keyLines[scope + key] {
                throw fail(.detailConfigKeyTwice, ["key": .data(key), "line": .data("\(first)")])
            }
            keyLines[scope + key] = number
            switch (table, key) {
            case (nil, "default_profile"):
                guard Self.isValidProfileName(value) else {
                    throw fail(.detailConfigDefaultProfileName)
                }
                defaultProfile = Located(value: value, line: number)
            case (nil, "language"):
                guard let language = LanguageSetting.parse(value) else {
                    throw fail(.detailConfigLanguage, ["value": .data(Self.printable(value)),
                                                     "choices": .data(LanguageSetting.choices.joined(separator: " or "))])
                }
                self.language = Located(value: language, line: number)
            case (nil, "color"):
                guard let color = ColorChoice(argument: value) else {
                    throw fail(.detailConfigColor, ["value": .data(Self.printable(value))])
                }
                self.color = Located(value: color, line: number)
            case (nil, "pager"):
                pager = Located(value: value, line: number)
            case (nil, _):
                throw fail(.detailConfigUnknownKey, ["key": .data(key)])
            case (let profile?, "base_url"):
                if let problem = Self.baseURLProblem(value) {
                    throw fail(.detailConfigBaseURL, ["detail": .detail(problem.detail)])
                }
                profiles[profile]?.baseURL = Located(value: value, line: number)
            case (let profile?, _):
                throw fail(.detailConfigUnknownProfileKey, ["key": .data(key), "profile": .data(profile)])
            }
        }
        if let defaultProfile, defaultProfile.value != ServiceSettings.defaultProfile,
           profiles[defaultProfile.value] == nil {
            throw ConfigFileError(path: path, line: defaultProfile.line, .detailConfigNoDefaultProfile,
                                  ["value": .data(defaultProfile.value), "name": .data(defaultProfile.value)])
        }
    }

    static func isValidProfileName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
            default: false
            }
        }
    }

    /// Why `text` cannot be a base URL, or nil (Data's one check, early, so the error names the line).
    static func baseURLProblem(_ text: String) -> ServiceLayer.BaseURLProblem? {
        ServiceLayer.baseURLInvalidity(text)
    }

    /// A name from the file, safe to echo in a one-line message.
    private static func printable(_ text: String) -> String {
        PrintableText.oneLine(text, maxLength: 64)
    }

    /// What a file of `mode` is when it is not a regular file ("a directory", "a FIFO", …).
    /// Why a file with `status` at `path` cannot be trusted (the credentials' rules, less the
    /// privacy of a file that holds no secret): it must be this user's and writable by no one
    /// else, and so must the folder it is in. Nil when it can.
    static func trustProblem(file status: stat, path: String) -> Detail? {
        let user = geteuid()
        if status.st_uid != user {
            return Detail(.detailConfigOtherUser, ["uid": .data("\(status.st_uid)"), "user": .data("\(user)"), "path": .data(path)])
        }
        if status.st_mode & 0o022 != 0 {
            return Detail(.detailConfigWritableByOthers, ["mode": .data(String(status.st_mode & 0o7777, radix: 8)), "path": .data(path)])
        }
        let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        var folderStatus = stat()
        guard stat(folder, &folderStatus) == 0 else { return nil }
        if folderStatus.st_uid != user && folderStatus.st_uid != 0 {
            return Detail(.detailConfigFolderOtherUser, ["folder": .data(folder), "uid": .data("\(folderStatus.st_uid)")])
        }
        if folderStatus.st_mode & 0o022 != 0 && folderStatus.st_mode & S_ISVTX == 0 {
            return Detail(.detailConfigFolderWritable, ["folder": .data(folder), "mode": .data(String(folderStatus.st_mode & 0o7777, radix: 8))])
        }
        return nil
    }

    private static func notRegularKind(_ mode: mode_t) -> Detail.Key? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .detailFileKindDirectory
        case S_IFIFO: .detailFileKindFIFO
        case S_IFSOCK: .detailFileKindSocket
        case S_IFCHR: .detailFileKindCharacterDevice
        case S_IFBLK: .detailFileKindBlockDevice
        default: .detailFileKindSpecial
        }
    }
}
