#if canImport(Glibc)
import Glibc
#endif
import Presentation
import Terminal

/// Reads a refresh token from standard input: all of it when it is piped (`--with-token`, as
/// `gh auth login --with-token` does), or one line typed at the terminal with echo off.
struct TokenReader: Sendable {
    /// Where the prompt goes (stderr: stdout stays for results).
    let prompt: StandardStream
    let standardInput: StandardInput
    private var input: Int32 { standardInput.descriptor }
    /// Far more than any token; input beyond it is not a token.
    static let maxBytes = 16_384

    init(prompt: StandardStream, input: StandardInput) {
        self.prompt = prompt
        self.standardInput = input
    }

    var inputIsTerminal: Bool { standardInput.isTerminal }

    /// The token piped into standard input, surrounding whitespace removed. The read may block
    /// for long, so it runs on a thread of its own; nil when the task is cancelled first.
    func readPiped() async throws(CLIError) -> String? {
        guard let read = await standardInput.readAll(limit: Self.maxBytes) else { return nil }
        switch read {
        case .success(let bytes):
            return try Self.token(from: bytes, emptyMessage: .detailRefusalStdinEmpty)
        case .failure(.tooLarge):
            throw Self.notOneToken
        case .failure(.system(let code)):
            throw CLIError(.detailRefusalCannotReadStdin, ["detail": .system(code)], kind: .usage)
        }
    }

    /// Asks for the token on the terminal without echoing it. Ctrl-C cancels (exit 130), and the
    /// terminal's settings are restored whatever happens — SIGTERM included: the typing is read on
    /// a thread of its own, so a cancelled command restores them here instead of ending while the
    /// read still waits (the 3 s fallback would leave the terminal silent).
    func promptHidden(_ text: String) async throws -> String {
        var original = termios()
        guard tcgetattr(input, &original) == 0 else {
            throw CLIError(.detailRefusalCannotReadTerminal, ["detail": .system(errno)], kind: .usage)
        }
        // Non-canonical, no echo, no signals: Ctrl-C arrives as a byte, so the settings can be
        // put back before the program ends instead of leaving the terminal silent.
        var hidden = original
        hidden.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
        withUnsafeMutableBytes(of: &hidden.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        prompt.note(text)
        guard tcsetattr(input, TCSAFLUSH, &hidden) == 0 else {
            throw CLIError(.detailRefusalCannotTurnOffEcho, ["detail": .system(errno)], kind: .usage)
        }
        defer {
            tcsetattr(input, TCSAFLUSH, &original)
            prompt.note("\n")
        }
        let input = input
        guard let typed = await BlockingCall.run({ Result { try Self.readTyped(from: input) } }) else {
            throw CancellationError()
        }
        return try typed.get()
    }

    /// One line typed with echo off: Enter ends it, backspace and Ctrl-U edit it, Ctrl-C cancels.
    private static func readTyped(from input: Int32) throws -> String {
        var bytes: [UInt8] = []
        while true {
            var byte: UInt8 = 0
            let count = read(input, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            switch byte {
            case 0x0A, 0x0D:
                return try token(from: bytes, emptyMessage: .detailRefusalNoTokenEntered)
            case 0x03:
                throw CancellationError()
            case 0x04 where bytes.isEmpty:
                throw CLIError(.detailRefusalNoTokenEntered, kind: .usage)
            case 0x04:
                return try token(from: bytes, emptyMessage: .detailRefusalNoTokenEntered)
            case 0x7F, 0x08:
                // Drop the last character: its continuation bytes, then its first byte.
                while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
            case 0x15:
                bytes.removeAll()
            default:
                bytes.append(byte)
                guard bytes.count <= maxBytes else { throw notOneToken }
            }
        }
        return try token(from: bytes, emptyMessage: .detailRefusalNoTokenEntered)
    }

    private static let notOneToken = CLIError(.detailRefusalNotOneToken, kind: .usage)

    private static func token(from bytes: [UInt8], emptyMessage: Message) throws(CLIError) -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) }
        let trimmed = bytes.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
        guard !trimmed.isEmpty else { throw CLIError(emptyMessage, kind: .usage) }
        guard trimmed.allSatisfy({ (0x21...0x7E).contains($0) }) else { throw notOneToken }
        return String(decoding: trimmed, as: UTF8.self)
    }
}
