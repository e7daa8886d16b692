import Foundation
import NIOSSL

/// The TLS configuration of `--tls-cert FILE --tls-key FILE`: the PEM chain (leaf first) and its
/// key. A file that cannot be read or is not PEM is a one-line configuration error.
enum ServerTLS {
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static func configuration(certificateChain: URL, privateKey: URL) throws(Problem) -> TLSConfiguration {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificateChain.path)
        } catch {
            throw Problem(description: "--tls-cert \(certificateChain.path): not a readable PEM certificate chain (\(error))")
        }
        guard !chain.isEmpty else {
            throw Problem(description: "--tls-cert \(certificateChain.path): holds no certificate")
        }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(file: privateKey.path, format: .pem)
        } catch {
            throw Problem(description: "--tls-key \(privateKey.path): not a readable PEM private key (\(error))")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        return configuration
    }
}
