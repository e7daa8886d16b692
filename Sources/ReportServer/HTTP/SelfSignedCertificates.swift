import Crypto
import Foundation
import SwiftASN1
import X509

/// `--tls-self-signed DIR`: a CA of its own and a server certificate it signed for the listen
/// address (and localhost, 127.0.0.1, ::1), written into DIR as `ca.pem`, `server.pem` and
/// `server.key` (0600). A CI job then trusts exactly this server with `report --cacert DIR/ca.pem`.
/// Made anew at every start: nothing to keep, nothing that expires under a long-lived cache.
enum SelfSignedCertificates {
    struct Files {
        let ca: URL
        let certificateChain: URL
        let privateKey: URL
    }

    static func make(in directory: URL, host: String) throws -> Files {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
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

        let files = Files(ca: directory.appendingPathComponent("ca.pem"),
                          certificateChain: directory.appendingPathComponent("server.pem"),
                          privateKey: directory.appendingPathComponent("server.key"))
        try write(try ca.serializeAsPEM().pemString + "\n", to: files.ca, mode: 0o644)
        try write(try server.serializeAsPEM().pemString + "\n", to: files.certificateChain, mode: 0o644)
        try write(serverKey.pemRepresentation + "\n", to: files.privateKey, mode: 0o600)
        return files
    }

    /// The 4 or 16 bytes of an IP address literal; nil for a host name.
    private static func ipAddressBytes(_ host: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// Written whole or not at all (a temporary file renamed over the target), with `mode`.
    private static func write(_ text: String, to url: URL, mode: Int) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid())")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(text.utf8),
                                             attributes: [.posixPermissions: mode]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, NSUnderlyingErrorKey: POSIXError(.init(rawValue: code) ?? .EIO)])
        }
    }
}
