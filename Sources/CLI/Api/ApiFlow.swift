import Domain
import Presentation
#if canImport(Glibc)
import Glibc
#endif
import Terminal

/// `report api`: checks the arguments, sends the request through the raw-request use case and
/// prints the response, complete or not at all, after the status line and headers with
/// `--include`: in a pipe (or to `-o FILE`) the body exactly as received; on a terminal any body
/// made printable, a JSON body laid out and coloured (`JSONPrettyPrinter`), and ending with a newline.
struct ApiFlow: Sendable {
    static let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]
    /// Headers libcurl manages from the request itself; setting them by hand would break framing.
    static let managedHeaders = ["host", "content-length", "transfer-encoding", "connection", "expect"]
    /// The largest request body read from --input.
    static let maxInputBytes = 64 << 20

    let useCase: RawRequestUseCase
    let include: Bool
    /// Colours of a JSON body on a terminal.
    let style: TextStyle
    let standardOutput: StandardStream
    /// For `--input -`.
    let standardInput: StandardInput

    /// How `--paginate` writes the pages.
    enum Paging: Sendable {
        /// One response.
        case none
        /// Each page as it arrives, a document each.
        case pages
        /// One JSON array of the pages, once all are in (`--slurp`).
        case slurp
    }

    func run(path: String, method: String?, headers: [String], input: String?, paging: Paging = .none) async throws -> ExitStatus {
        let fields = try headers.map(Self.parseHeader)
        let method = try Self.method(method, hasBody: input != nil)
        if paging != .none {
            return try await follow(path: path, headers: fields, slurp: paging == .slurp)
        }
        var body: [UInt8]?
        if let input {
            // A read of a pipe or a terminal may block for long: not on a cooperative thread.
            let standardInput = standardInput.descriptor
            guard let read = await BlockingCall.run({
                Result { () throws(CLIError) in try Self.read(input: input, standardInput: standardInput) }
            }) else { throw CancellationError() }
            body = try read.get()
        }
        let request = RawRequest(method: method, path: path, headers: fields, body: body)
        let response: RawResponse
        do {
            response = try await useCase.send(request)
        } catch let error as ReportError {
            throw Self.cliError(error, context: "\(method) \(PrintableText.oneLine(ServiceLayer.redacted(path), maxLength: 120))")
        }
        var output: [UInt8] = []
        if include {
            var head = "HTTP/\(response.httpVersion) \(response.status)\n"
            for field in response.headers {
                head += "\(PrintableText.oneLine(field.name, maxLength: 200)): \(PrintableText.oneLine(field.value, maxLength: 8192))\n"
            }
            output += Array((head + "\n").utf8)
        }
        // Through --jq the body goes as received: the filter reads it, and lays out what it makes.
        output += standardOutput.isTerminal && !standardOutput.isFiltered ? Self.forPerson(response, style: style) : response.body
        try standardOutput.write(bytes: output)
        return .success
    }

    /// `--paginate`: GET `path`, then each page after it that the first page's `total` and `size`
    /// say there is, until a page brings no items — a page object of the contract
    /// (`{"items", "page", "size", "total"}`); a response that is not one is the only page. Each
    /// page is written as it arrives (in a pipe as received, ending with a newline), or with
    /// `slurp` all of them as one JSON array once the last is in. A page that fails ends the
    /// command with its error, after the pages before it.
    private func follow(path: String, headers: [RawHeader], slurp: Bool) async throws -> ExitStatus {
        var bodies: [[UInt8]] = []
        var requestPath = path
        var requested: Int?
        var lastPage: Int?
        while true {
            let request = RawRequest(method: "GET", path: requestPath, headers: headers, body: nil)
            let shownPath = PrintableText.oneLine(ServiceLayer.redacted(requestPath), maxLength: 120)
            let response: RawResponse
            do {
                response = try await useCase.send(request)
            } catch let error as ReportError {
                throw Self.cliError(error, context: "GET \(shownPath)")
            }
            let page = ApiPage(body: response.body)
            if let requested, let page, page.page != requested {
                let shownBase = PrintableText.oneLine(ServiceLayer.redacted(path), maxLength: 120)
                throw CLIError(.errorPaginateWrongPage, ["requested": .data("\(requested)"), "path": .data(shownBase),
                                                         "page": .data("\(page.page)")], kind: .invalidResponse)
            }
            if slurp {
                bodies.append(response.body)
            } else {
                var body = standardOutput.isTerminal && !standardOutput.isFiltered ? Self.forPerson(response, style: style) : response.body
                if !body.isEmpty, body.last != UInt8(ascii: "\n") { body.append(UInt8(ascii: "\n")) }
                try standardOutput.write(bytes: body)
            }
            // The first page says how many there are: no more are asked for, whatever later pages say.
            guard let page, page.itemCount > 0 else { break }
            let limit = lastPage ?? page.pageCount
            lastPage = limit
            guard page.page < limit else { break }
            requested = page.page + 1
            requestPath = ApiPage.path(path, page: page.page + 1)
        }
        if slurp { try writeSlurped(bodies) }
        return .success
    }

    /// `--slurp`: the pages as one JSON array, `[page1,page2,…]`, each as received (an empty body
    /// as null); on a terminal laid out.
    private func writeSlurped(_ bodies: [[UInt8]]) throws {
        var array: [UInt8] = [UInt8(ascii: "[")]
        for (index, body) in bodies.enumerated() {
            if index > 0 { array.append(UInt8(ascii: ",")) }
            array += body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) ? Array("null".utf8) : body
        }
        array.append(UInt8(ascii: "]"))
        if standardOutput.isTerminal && !standardOutput.isFiltered,
           let laidOut = JSONPrettyPrinter.format(PrintableText.visible(array), style: style) {
            array = laidOut
        }
        array.append(UInt8(ascii: "\n"))
        try standardOutput.write(bytes: array)
    }

    /// The body for a terminal: made printable (`PrintableText.visible`: an escape sequence in
    /// the body is shown, never obeyed), JSON laid out (when the response says it is JSON and it
    /// is), and a final newline so that the prompt starts on a line of its own.
    static func forPerson(_ response: RawResponse, style: TextStyle) -> [UInt8] {
        guard !response.body.isEmpty else { return [] }
        let contentType = response.headers.last { $0.name.lowercased() == "content-type" }?.value.lowercased() ?? ""
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingWhitespace() } ?? ""
        let isJSON = mediaType == "application/json" || mediaType.hasSuffix("+json")
        // JSON has no raw control characters but whitespace, so a body with one is not JSON and is
        // shown as received (its `^[` would otherwise read as valid JSON). A C1 control or a bidi
        // override in a string becomes `<U+…>` there, which leaves the text valid JSON to lay out.
        let isText = !response.body.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        let printable = PrintableText.visible(response.body)
        var body = (isJSON && isText ? JSONPrettyPrinter.format(printable, style: style) : nil) ?? printable
        if body.last != UInt8(ascii: "\n") { body.append(UInt8(ascii: "\n")) }
        return body
    }

    /// The method in capitals; GET by default, POST when there is a body.
    static func method(_ given: String?, hasBody: Bool) throws(CLIError) -> String {
        guard let given else { return hasBody ? "POST" : "GET" }
        let method = given.uppercased()
        guard methods.contains(method) else {
            throw CLIError(.detailRefusalInvalidMethod, ["value": .data(PrintableText.oneLine(given, maxLength: 40))],
                           hint: .detailRefusalUseOneOf, ["values": .data(methods.joined(separator: ", "))], kind: .usage)
        }
        return method
    }

    /// `Name: value`: a name of token characters (RFC 9110), a value without line breaks.
    /// A refusal shows only the header's name (`shown(header:)`): the rest may be a secret.
    static func parseHeader(_ text: String) throws(CLIError) -> RawHeader {
        let malformed = CLIError(.detailRefusalHeaderFormat, ["value": .data(shown(header: text))], kind: .usage)
        guard let colon = text.firstIndex(of: ":") else { throw malformed }
        let name = String(text[..<colon])
        let value = text[text.index(after: colon)...].trimmingWhitespace()
        guard !name.isEmpty, name.utf8.allSatisfy(isTokenCharacter) else { throw malformed }
        guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
            throw CLIError(.detailRefusalHeaderLineBreak, ["value": .data(shown(header: text))], kind: .usage)
        }
        guard !managedHeaders.contains(name.lowercased()) else {
            throw CLIError(.detailRefusalHeaderReserved, ["value": .data(name)], kind: .usage)
        }
        return RawHeader(name: name, value: value)
    }

    /// What a refusal may show of a `-H` text, as `--verbose` shows a secret header: its first
    /// word (the name, after a space if it starts with one) and `[REDACTED]` for the rest,
    /// whatever the header is — `Authorization Bearer …` is `Authorization [REDACTED]`,
    /// `Cookie: a=b\r` is `Cookie: [REDACTED]`. A text of one word alone (a token given without
    /// its name, perhaps), or whose first word is long, shows nothing of itself.
    static func shown(header text: String) -> String {
        let redacted = "[REDACTED]"
        let afterSpace = text.drop { $0 == " " || $0 == "\t" }
        let word = afterSpace.prefix { $0.isASCII && $0.utf8.allSatisfy(isTokenCharacter) }
        let rest = afterSpace.dropFirst(word.count)
        guard !word.isEmpty, word.count <= 64, !rest.isEmpty else { return redacted }
        let space = afterSpace.count < text.count ? " " : ""
        return space + String(word) + (rest.hasPrefix(":") ? ": " : " ") + redacted
    }

    /// A character of a header's name (RFC 9110 `tchar`).
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }

    /// The bytes of `--input`: a file, or standard input for `-`.
    static func read(input: String, standardInput: Int32) throws(CLIError) -> [UInt8] {
        let shown = PrintableText.oneLine(input, maxLength: 200)
        let descriptor: Int32
        if input == "-" {
            descriptor = standardInput
        } else {
            try TransportSettings.checkReadableFile(input, flag: "--input")
            descriptor = open(input, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw CLIError(.detailRefusalInputProblem, ["path": .data(shown), "detail": .system(errno)], kind: .usage)
            }
        }
        defer { if descriptor != standardInput { close(descriptor) } }
        switch Descriptor.readAll(descriptor, limit: maxInputBytes) {
        case .success(let bytes):
            return bytes
        case .failure(.tooLarge):
            throw CLIError(.detailRefusalInputTooLarge, ["path": .data(shown), "size": .data("\(maxInputBytes >> 20)")], kind: .usage)
        case .failure(.system(let code)):
            throw CLIError(.detailRefusalInputUnreadable, ["path": .data(shown), "detail": .system(code)], kind: .usage)
        }
    }

    /// The usual mapping, with hints about paths rather than interviews.
    static func cliError(_ error: ReportError, context: String) -> CLIError {
        let mapped = CLIError(error, context: context)
        let hint: Said? = switch error {
        case .notFound: Said(.hintCheckPath)
        case .forbidden: nil
        default: mapped.advice
        }
        var result = CLIError(mapped.said, hint: hint, kind: mapped.kind, httpStatus: mapped.httpStatus)
        result.connectionRefused = mapped.connectionRefused
        return result
    }
}
