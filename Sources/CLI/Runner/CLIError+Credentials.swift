import Domain
import Presentation

extension CLIError {
    /// Stored credentials that cannot be used safely: a configuration error (78) naming the
    /// file and the exact fix. `signInCommand` is the command that signs in to this profile.
    init(_ error: CredentialsFileError, signInCommand: String) {
        switch error.remedy {
        case .deleteAndSignIn:
            self.init(error.detail, hint: .detailCredentialsDeleteAndSignIn, ["command": .data(signInCommand)], kind: .configuration)
        case .restrictPermissions(let mode):
            self.init(error.detail, hint: .detailCredentialsChmod, ["mode": .data(mode), "path": .data(error.path)], kind: .configuration)
        case .none:
            self.init(error.detail, kind: .configuration)
        }
    }

    /// An error that is a detail found below the catalog (a file's problem), said by its key, and
    /// `hint`: English for `--json`, the run's language on the line a person reads.
    init(_ detail: Detail, hint: Message? = nil, _ hintValues: [String: Value] = [:], kind: ErrorKind) {
        self.init(Said(detail), hint: hint.map { Said($0, hintValues) }, kind: kind)
    }
}
