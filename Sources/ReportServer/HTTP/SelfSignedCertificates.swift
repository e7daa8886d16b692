import Crypto
import Foundation
import SwiftASN1
import Terminal
import X509

/// `--tls-self-signed DIR`: a CA of its own and a server certificate it signed for the listen
/// address (and localhost, 127.0.0.1, ::1), written into DIR as `ca.pem`, `server.pem` and
/// `server.key` (0600). A CI job then trusts exactly this server with `report --cacert DIR/ca.pem`.
/// Made anew at every start: nothing to keep, nothing that expires under a long-lived cache.
///
/// Whoever can write into DIR can replace `ca.pem` with a CA of their own, which clients then
/// trust: DIR must be the user's own and writable by no one else, as the folder of `report`'s
/// `credentials.json` must be, and a file already in it must be the user's. Each file is created
/// with its final mode (`O_CREAT|O_EXCL`, 0600 for the key) before a byte is written into it, so
/// the key is never readable by others, not even for an instant.
enum SelfSignedCertificates {
    struct Files {
        let ca: URL
        let certificateChain: URL
        let privateKey: URL
    }

    /// Why DIR cannot be used or written: one line, naming the folder or file.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static func make(in directory: URL, host: String) throws -> Files {
        let files = Files(ca: directory.appendingPathComponent("ca.pem"),
                          certificateChain: directory.appendingPathComponent("server.pem"),
                          privateKey: directory.appendingPathComponent("server.key"))
        try prepare(directory, files: files)
        let now = Date()
        let caKey = P256.Signing.PrivateKey()
        let caName = try DistinguishedName { CommonName("report-server test CA") }
        let ca = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(caKey.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + 30 * 86_400,
            issuer: caName, subject: caName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: Certificate.PublicKey(caKey.publicKey))
            },
            issuerPrivateKey: .init(caKey))

        let serverKey = P256.Signing.PrivateKey()
        var names: [GeneralName] = [.dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])),
                                    .ipAddress(ASN1OctetString(contentBytes: ArraySlice([UInt8](repeating: 0, count: 15) + [1])))]
        if let address = ipAddressBytes(host) {
            names.append(.ipAddress(ASN1OctetString(contentBytes: ArraySlice(address))))
        } else if host != "localhost" {
            names.append(.dnsName(host))
        }
        let server = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(serverKey.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + 30 * 86_400,
            issuer: caName, subject: try DistinguishedName { CommonName(host) }, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names)
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: Certificate.PublicKey(caKey.publicKey)).keyIdentifier)
            },
            issuerPrivateKey: .init(caKey))

        try write(serverKey.pemRepresentation + "\n", to: files.privateKey, mode: 0o600)
        try write(try server.serializeAsPEM().pemString + "\n", to: files.certificateChain, mode: 0o644)
        try write(try ca.serializeAsPEM().pemString + "\n", to: files.ca, mode: 0o644)
        return files
    }

    /// Makes DIR (0755, whatever the umask) if it is missing, then refuses a DIR that is not the
    /// user's own or that others may write into, and a file in it that belongs to someone else.
    private static func prepare(_ directory: URL, files: Files) throws(Problem) {
        let path = directory.path
        if let failure = AtomicFile.createFolders(path, mode: 0o755) {
            throw Problem(description: "--tls-self-signed \(failure.folder): cannot be created: \(Descriptor.reason(failure.code))")
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw Problem(description: "--tls-self-signed \(path): cannot be used: \(Descriptor.reason(errno))")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw Problem(description: "--tls-self-signed \(path): is not a directory")
        }
        guard status.st_uid == geteuid() else {
            throw Problem(description: "--tls-self-signed \(path): belongs to another user (uid \(status.st_uid)); "
                                       + "give a folder of your own")
        }
        let mode = status.st_mode & 0o7777
        guard mode & 0o022 == 0 else {
            throw Problem(description: "--tls-self-signed \(path): has mode \(octal(mode)); the folder of the CA that "
                                       + "clients trust must not be writable by other users: run `chmod go-w '\(path)'`")
        }
        try checkFoldersAbove(path)
        for file in [files.ca, files.certificateChain, files.privateKey] {
            // lstat: the name in DIR is what the rename replaces, whatever it points to.
            guard lstat(file.path, &status) == 0 else { continue }
            guard status.st_uid == geteuid() else {
                throw Problem(description: "--tls-self-signed \(file.path): belongs to another user (uid \(status.st_uid)); "
                                           + "remove it or give a folder of your own")
            }
        }
    }

    /// The folders above DIR, as OpenSSH's StrictModes checks those above `~/.ssh`: whoever may
    /// rename an entry in one of them can move DIR aside and put a folder with a CA of theirs in
    /// its place. Each, from DIR's parent up to `/` (or up to the user's home, which is checked),
    /// must be the user's or root's and writable by no one else. A sticky folder others may write
    /// into (`/tmp`) is accepted: there only an entry's owner (here the user or root, checked one
    /// step below) may rename it. A link on the way that another user owns is refused too: they
    /// could point it elsewhere.
    private static func checkFoldersAbove(_ path: String) throws(Problem) {
        let user = geteuid()
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var prefix = ""
        var status = stat()
        for component in absolute.split(separator: "/") {
            prefix += "/" + component
            if lstat(prefix, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, status.st_uid != user, status.st_uid != 0 {
                throw Problem(description: "--tls-self-signed \(path): \(prefix) on the way is a link of another user "
                                           + "(uid \(status.st_uid)), who could point it elsewhere; give a path of your own")
            }
        }
        guard let resolved = realpath(absolute, nil) else {
            throw Problem(description: "--tls-self-signed \(path): cannot be used: \(Descriptor.reason(errno))")
        }
        var current = String(cString: resolved)
        free(resolved)
        let home = getpwuid(user).flatMap { entry in entry.pointee.pw_dir.flatMap { realpath($0, nil) } }.map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
        while current != "/" && current != home {
            let parent = (current as NSString).deletingLastPathComponent
            guard stat(parent, &status) == 0 else {
                throw Problem(description: "--tls-self-signed \(path): cannot check \(parent): \(Descriptor.reason(errno))")
            }
            if status.st_uid != user && status.st_uid != 0 {
                throw Problem(description: "--tls-self-signed \(path): \(parent), a folder above it, belongs to another user "
                                           + "(uid \(status.st_uid)), who could swap it for a folder with a CA of theirs; "
                                           + "give a folder under one of your own")
            }
            let mode = status.st_mode & 0o7777
            if mode & 0o022 != 0 && mode & S_ISVTX == 0 {
                throw Problem(description: "--tls-self-signed \(path): \(parent), a folder above it, has mode \(octal(mode)): "
                                           + "other users could swap it for a folder with a CA of theirs; "
                                           + "run `chmod go-w '\(parent)'` or give another folder")
            }
            current = parent
        }
    }

    private static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The 4 or 16 bytes of an IP address literal; nil for a host name.
    private static func ipAddressBytes(_ host: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// Written whole or not at all (a new temporary file renamed over the target), created with
    /// exactly `mode` whatever the umask: the key's bytes only ever reach a file that is 0600.
    private static func write(_ text: String, to url: URL, mode: mode_t) throws(Problem) {
        do {
            try AtomicFile.write(Array(text.utf8), to: url.path, mode: mode, exactMode: true)
        } catch {
            throw Problem(description: "--tls-self-signed \(error)")
        }
    }
}
