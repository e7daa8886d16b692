import Domain
import Presentation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Terminal

/// The terms of a batch, in input order: the `--term` values, then the lines of `--terms-from`
/// (a file, or `-` for stdin), read lazily a chunk at a time, so the batch starts at once and
/// never holds the whole list. One caller at a time (the batch asks for the next item only after
/// the previous one has arrived).
actor TermSource {
    enum Item: Sendable {
        case term(TermNumber)
        /// A line of the file that is not a term number (`line` its number), or a read error
        /// (`line` nil): reported and skipped.
        case invalid(CLIError, file: String, line: Int?)
    }

    /// Lines longer than this are not term numbers; the rest of such a line is skipped unread.
    static let maxLineBytes = 256
    static let chunkBytes = 64 * 1024

    private var terms: IndexingIterator<[TermNumber]>
    private let file: File?
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var position = 0
    private var lineNumber = 0
    /// Inside a line that has grown too long: its bytes are dropped up to the next newline, and
    /// only its start is kept to quote.
    private var skippingLongLine = false
    private var longLinePrefix: [UInt8] = []
    private var ended = false

    /// An open file to read lines from, named as the user gave it (`stdin` for `-`).
    struct File: Sendable {
        let descriptor: Int32
        let name: String
        let closesWhenDone: Bool
    }

    init(terms: [TermNumber], file: File?) {
        self.terms = terms.makeIterator()
        self.file = file
        ended = file == nil
    }

    /// Opens `path` (`-`: stdin). A file that cannot be opened is an error (exit 66) before
    /// anything is fetched.
    static func open(_ path: String) throws(CLIError) -> File {
        if path == "-" { return File(descriptor: 0, name: "stdin", closesWhenDone: false) }
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw CLIError(.termsCannotRead, ["path": .data(path), "reason": .system(code)], hint: .hintTermsFrom, kind: .inputNotFound)
        }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & mode_t(S_IFMT)) == mode_t(S_IFDIR) {
            close(descriptor)
            throw CLIError(.termsIsDirectory, ["path": .data(path)], hint: .hintTermsFrom, kind: .inputNotFound)
        }
        return File(descriptor: descriptor, name: path, closesWhenDone: true)
    }

    /// How many items a regular file holds (lines that are neither blank nor a comment), counted
    /// in one streaming pass on a thread of its own, for the progress line's total; nil for a pipe
    /// or a terminal (they cannot be read twice) or when the file cannot be read.
    static func countEntries(path: String) async -> Int? {
        guard path != "-" else { return nil }
        return await BlockingCall.run { () -> Int? in
            let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0, (info.st_mode & mode_t(S_IFMT)) == mode_t(S_IFREG) else { return nil }
            var count = 0
            var hasContent = false
            var inComment = false
            while case .success(let chunk) = Descriptor.readChunk(descriptor, maxBytes: chunkBytes), !chunk.isEmpty {
                for byte in chunk {
                    switch byte {
                    case UInt8(ascii: "\n"):
                        if hasContent { count += 1 }
                        hasContent = false
                        inComment = false
                    case UInt8(ascii: "#"): inComment = true
                    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
                    default: if !inComment { hasContent = true }
                    }
                }
            }
            return count + (hasContent ? 1 : 0)
        } ?? nil
    }

    /// The next term or invalid line; nil at the end of the input (or when cancelled).
    func next() async -> Item? {
        if let term = terms.next() { return .term(term) }
        guard let file else { return nil }
        while true {
            if let line = takeLine() {
                if let item = parse(line) { return item }
                continue
            }
            if ended {
                if position < buffer.count || skippingLongLine {
                    // The last line has no newline.
                    let line = skippingLongLine ? longLinePrefix : Array(buffer[position...])
                    let tooLong = skippingLongLine || line.count > Self.maxLineBytes
                    buffer = []
                    position = 0
                    skippingLongLine = false
                    lineNumber += 1
                    if let item = parse(Line(number: lineNumber, bytes: Array(line.prefix(Self.maxLineBytes)), tooLong: tooLong)) {
                        return item
                    }
                }
                return nil
            }
            // Keep only the unread part, then read more.
            if position > 0 {
                buffer.removeFirst(position)
                position = 0
            }
            let descriptor = file.descriptor
            guard let result = await BlockingCall.run({ Descriptor.readChunk(descriptor, maxBytes: Self.chunkBytes) }) else {
                ended = true
                return nil
            }
            switch result {
            case .success(let bytes) where bytes.isEmpty:
                ended = true
                if file.closesWhenDone { close(file.descriptor) }
            case .success(let bytes):
                buffer += bytes
            case .failure(let failure):
                ended = true
                buffer = []
                skippingLongLine = false
                let (name, line) = (file.name, lineNumber)
                let reason: CLIError.Value = switch failure {
                case .system(let code): .system(code)
                case .tooLarge: .message(.termsTooLarge)
                }
                return .invalid(CLIError(.termsReadFailed, ["path": .data(name), "reason": reason, "line": .data("\(line)")], kind: .inputNotFound),
                                file: file.name, line: nil)
            }
        }
    }

    private struct Line {
        let number: Int
        let bytes: [UInt8]
        let tooLong: Bool
    }

    /// The next complete line of the buffer, if there is one. A line longer than
    /// `maxLineBytes` is returned (as too long, with its start to quote) once its newline comes;
    /// the rest of its bytes are dropped as they arrive.
    private func takeLine() -> Line? {
        let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n"))
        if skippingLongLine {
            guard let newline else {
                buffer = []
                position = 0
                return nil
            }
            position = newline + 1
            skippingLongLine = false
            lineNumber += 1
            return Line(number: lineNumber, bytes: longLinePrefix, tooLong: true)
        }
        guard let newline else {
            if buffer.count - position > Self.maxLineBytes {
                skippingLongLine = true
                longLinePrefix = Array(buffer[position..<(position + Self.maxLineBytes)])
                buffer = []
                position = 0
            }
            return nil
        }
        let bytes = Array(buffer[position..<newline])
        position = newline + 1
        lineNumber += 1
        if bytes.count > Self.maxLineBytes {
            return Line(number: lineNumber, bytes: Array(bytes.prefix(Self.maxLineBytes)), tooLong: true)
        }
        return Line(number: lineNumber, bytes: bytes, tooLong: false)
    }

    /// A term, an invalid line, or nil for a blank line or a comment.
    private func parse(_ line: Line) -> Item? {
        if !line.tooLong, let term = Self.term(digitsOf: line.bytes) { return .term(term) }
        var text = String(decoding: line.bytes, as: UTF8.self)
        if let hash = text.firstIndex(of: "#") { text = String(text[..<hash]) }
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty && !line.tooLong { return nil }
        if !line.tooLong, let term = TermNumber(parsing: trimmed) { return .term(term) }
        let name = file?.name ?? "input"
        let shown = Self.quote(trimmed, truncated: line.tooLong)
        let number = line.number
        return .invalid(CLIError(.termsNotATerm, ["path": .data(name), "line": .data("\(number)"), "value": .data(shown)], kind: .invalidTerm),
                        file: name, line: line.number)
    }

    /// The common line, a term number alone (spaces around it allowed), read straight from its
    /// bytes; nil for anything else, which `parse` reads as text.
    private static func term(digitsOf bytes: [UInt8]) -> TermNumber? {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }),
              last - first < 10 else { return nil }
        var value: UInt64 = 0
        for byte in bytes[first...last] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        return UInt32(exactly: value).flatMap(TermNumber.init)
    }

    /// The line as the user would recognise it: at most 40 characters, control characters escaped.
    private static func quote(_ text: String, truncated: Bool) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(40) {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                shown += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return "'\(shown)\(truncated || text.unicodeScalars.count > 40 ? "…" : "")'"
    }
}
