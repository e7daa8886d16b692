import Terminal
import Testing

@Suite("The TOML subset of config.toml, a line at a time")
struct TOMLLineScannerTests {
    private func keyValue(_ line: String) throws(TOMLLineScanner.Problem) -> (key: String, value: String) {
        var scanner = TOMLLineScanner(line[...])
        scanner.skipWhitespace()
        return try scanner.keyValue()
    }

    private func problem(_ line: String) -> String? {
        var scanner = TOMLLineScanner(line[...])
        scanner.skipWhitespace()
        do {
            if scanner.peek == "[" { _ = try scanner.tableHeader() } else { _ = try scanner.keyValue() }
            return nil
        } catch {
            return error.message
        }
    }

    @Test func readsBasicAndLiteralStringsWithEscapesAndComments() throws {
        #expect(try keyValue(#"base_url = "https://api.example.com" # prod"#) == ("base_url", "https://api.example.com"))
        #expect(try keyValue(#"name = "탭\t와 \u00e9""#) == ("name", "탭\t와 é"))
        #expect(try keyValue(#"path = 'C:\no\escapes'"#) == ("path", #"C:\no\escapes"#))
        #expect(try keyValue(#""quoted key" = "v""#) == ("quoted key", "v"))
    }

    @Test func readsAProfileHeader() throws {
        var scanner = TOMLLineScanner("[profiles.staging] # the test service")
        #expect(try scanner.tableHeader() == "staging")
        #expect(scanner.isAtEndOfContent)
    }

    @Test(arguments: [
        ("[[profiles]]", "arrays of tables ([[…]]) are not supported"),
        ("[servers.a]", "unknown table [servers.a]; profiles are declared as [profiles.NAME]"),
        ("a.b = \"x\"", "dotted keys are not supported; use a [profiles.NAME] table"),
        ("key \"x\"", "expected '=' after key"),
        ("key =", "key has no value"),
        ("key = 3", "the value of key must be a string in double quotes"),
        ("key = \"open", "the string is not closed with \""),
        ("key = \"x\" y", "unexpected 'y' after the value; comments start with #"),
        ("key = \"\\q\"", "unknown escape \\q"),
        ("key = \"\"\"multi\"\"\"", "multi-line strings are not supported"),
    ])
    func saysWhatIsWrongWithALine(line: String, message: String) {
        #expect(problem(line) == message)
    }
}
