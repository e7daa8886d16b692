@testable import Data
import Domain
import Foundation
import Testing

/// `CredentialsStore` on a real file system: modes, atomic replacement, refusal of files it
/// cannot trust, and the lock.
@Suite("Credentials store")
struct CredentialsStoreTests {
    /// A fresh directory path under the temporary directory; the store creates it.
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("credentials-store-\(UUID().uuidString)").path
    private var directory: String { root + "/config/report" }
    private var store: CredentialsStore { CredentialsStore(directory: directory) }

    private func document(access: String = "at_one", refresh: String = "rt_one", profile: String = "default") -> CredentialsDocument {
        CredentialsDocument(profiles: [profile: StoredCredentials(
            baseURL: "http://127.0.0.1:8080", memIdx: 42, accessToken: access,
            accessTokenExpiresAt: 1_900_000_000, refreshToken: refresh)])
    }

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    private func inode(_ path: String) throws -> UInt64 {
        var status = stat()
        guard stat(path, &status) == 0 else { throw CocoaError(.fileNoSuchFile) }
        return UInt64(status.st_ino)
    }

    @Test func aMissingFileMeansSignedOutAndCreatesNothing() throws {
        #expect(try store.read() == nil)
        #expect(!FileManager.default.fileExists(atPath: root))
    }

    @Test func savingCreates0700DirectoriesAnd0600FileAndReadsBack() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try store.save(document())
        #expect(try mode(directory) == 0o700)
        #expect(try mode(root + "/config") == 0o700, "created parents are private too")
        #expect(try mode(store.filePath) == 0o600)
        #expect(try store.read() == document())
    }

    @Test func replacingIsAtomicAndLeavesNoTemporaryFile() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try store.save(document())
        let before = try inode(store.filePath)
        // A reader that opened the old file keeps reading all of the old file.
        let reader = try FileHandle(forReadingFrom: URL(fileURLWithPath: store.filePath))
        defer { try? reader.close() }
        try store.save(document(access: "at_two", refresh: "rt_two"))
        #expect(try inode(store.filePath) != before, "a new file was renamed over the old one")
        let old = try JSONDecoder().decode(CredentialsDocument.self, from: reader.readToEnd() ?? Data())
        #expect(old == document())
        #expect(try store.read() == document(access: "at_two", refresh: "rt_two"))
        #expect(try mode(store.filePath) == 0o600)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(names == ["credentials.json"])
    }

    @Test func savingNoProfilesRemovesTheFile() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try store.save(document())
        try store.save(CredentialsDocument())
        #expect(!FileManager.default.fileExists(atPath: store.filePath))
        #expect(try store.read() == nil)
    }

    @Test(arguments: ["{not json rt_secret", "{\"version\": 1}",
                      "{\"version\": 1, \"profiles\": {\"default\": {\"memIdx\": 42, \"accessToken\": \"rt_secret\"}}}",
                      "{\"version\": 1, \"profiles\": {\"default\": {\"memIdx\": \"rt_secret\"}}}",
                      "{\"version\": 9, \"profiles\": {}}", "", "[\"rt_secret\"]"])
    func aCorruptFileIsRefusedByNameWithoutQuotingIt(content: String) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try store.ensureDirectory()
        _ = FileManager.default.createFile(atPath: store.filePath, contents: Data(content.utf8),
                                       attributes: [.posixPermissions: 0o600])
        let error = try #require(throws: CredentialsFileError.self) { try store.read() }
        #expect(error.path == store.filePath)
        #expect(error.remedy == .deleteAndSignIn)
        #expect(error.detail.key == .detailCredentialsInvalid)
        #expect(error.detail.values["path"] == .data(store.filePath))
        #expect(!error.description.contains("secret"))
    }

    /// An expiry far outside any clock's range (Int64.min crashed `fetch` and `auth status` on
    /// the refresh margin's subtraction) is a corrupt file, not arithmetic.
    @Test(arguments: ["-9223372036854775808", "9223372036854775807", "-1", "253402300800"])
    func anExpiryOutOfRangeIsRefusedAsCorrupt(expiry: String) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try store.save(document())
        let text = try String(contentsOfFile: store.filePath, encoding: .utf8)
            .replacingOccurrences(of: "1900000000", with: expiry)
        #expect(text.contains(expiry))
        try Data(text.utf8).write(to: URL(fileURLWithPath: store.filePath))
        let error = try #require(throws: CredentialsFileError.self) { try store.read() }
        #expect(error.remedy == .deleteAndSignIn)
        #expect(error.detail.values["detail"] == .detail(Detail(.detailCredentialsExpiryRange, ["profile": .data("default")])))
    }

    @Test func aMalformedTokenInTheFileIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try store.save(document(access: "at_ok"))
        let text = try String(contentsOfFile: store.filePath, encoding: .utf8).replacingOccurrences(of: "at_ok", with: "at ok\\r\\nX: y")
        try Data(text.utf8).write(to: URL(fileURLWithPath: store.filePath))
        let error = try #require(throws: CredentialsFileError.self) { try store.read() }
        #expect(error.detail.values["detail"] == .detail(Detail(.detailCredentialsMalformedToken, ["profile": .data("default")])))
        #expect(!error.description.contains("at ok"))
    }

    @Test(arguments: [0o644, 0o640, 0o400, 0o666])
    func aFileOtherThan0600IsRefused(mode: Int) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try store.save(document())
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: store.filePath)
        let error = try #require(throws: CredentialsFileError.self) { try store.read() }
        #expect(error.path == store.filePath)
        #expect(error.remedy == .restrictPermissions(mode: "600"))
        #expect(error.detail.key == .detailCredentialsMode)
        #expect(error.detail.values["mode"] == .data("0" + String(mode, radix: 8)))
    }

    @Test(arguments: [0o775, 0o757, 0o722, 0o777])
    func aDirectoryOthersCanWriteIsRefusedForReadingAndWriting(mode: Int) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try store.save(document())
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: directory)
        let readError = try #require(throws: CredentialsFileError.self) { try store.read() }
        #expect(readError.path == directory)
        #expect(readError.remedy == .restrictPermissions(mode: "go-w"))
        let writeError = try #require(throws: CredentialsFileError.self) { try store.save(document(access: "at_new")) }
        #expect(writeError.path == directory)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory)
        #expect(try store.read() == document(), "nothing was overwritten")
    }

    /// As `mkdir -p ~/.config/report` leaves it, and as ssh's StrictModes accepts ~/.ssh.
    @Test(arguments: [0o755, 0o750, 0o711, 0o700])
    func aDirectoryOthersCanOnlyReadIsAccepted(mode: Int) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try store.save(document())
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: directory)
        #expect(try store.read() == document())
        try store.save(document(access: "at_new"))
        #expect(try store.read() == document(access: "at_new"))
    }

    @Test func aSymbolicLinkInPlaceOfTheFileIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try store.ensureDirectory()
        let target = directory + "/elsewhere.json"
        _ = FileManager.default.createFile(atPath: target, contents: Data("{}".utf8), attributes: [.posixPermissions: 0o600])
        try FileManager.default.createSymbolicLink(atPath: store.filePath, withDestinationPath: target)
        let error = try #require(throws: CredentialsFileError.self) { try store.read() }
        #expect(error.detail.key == .detailCredentialsSymlink)
    }

    @Test func theLockIsExclusiveUntilReleased() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let held = try await store.lock(timeout: .seconds(1))
        #expect(try mode(store.lockPath) == 0o600)
        // A second open file description conflicts with the first, in this process as in another.
        let start = ContinuousClock.now
        let error = await #expect(throws: CredentialsFileError.self) { try await store.lock(timeout: .milliseconds(200)) }
        #expect(start.duration(to: .now) >= .milliseconds(200))
        #expect(error?.path == store.lockPath)
        #expect(error?.detail.key == .detailCredentialsStillLocked)
        held.release()
        let again = try await store.lock(timeout: .seconds(1))
        again.release()
    }

    @Test func aWaiterGetsTheLockWhenItIsReleased() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = self.store
        let held = try await store.lock(timeout: .seconds(1))
        let waiter = Task { try await store.lock(timeout: .seconds(5)) }
        try await Task.sleep(for: .milliseconds(100))
        held.release()
        let lock = try await waiter.value
        lock.release()
    }
}
