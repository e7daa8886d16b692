import Domain

extension CLIError {
    /// Stored credentials that cannot be used safely: a configuration error (78) naming the
    /// file and the exact fix. `signInCommand` is the command that signs in to this profile.
    init(_ error: CredentialsFileError, signInCommand: String) {
        let hint: String? = switch error.remedy {
        case .deleteAndSignIn: "delete it and run `\(signInCommand)`"
        case .restrictPermissions(let mode): "run `chmod \(mode) '\(error.path)'`"
        case .none: nil
        }
        self.init(message: error.description, hint: hint, kind: .configuration)
    }
}
