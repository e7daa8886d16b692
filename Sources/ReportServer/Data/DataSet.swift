import Foundation
import Terminal

/// Everything the server serves, loaded once from a data directory (see ServerData/README.md).
struct DataSet: Sendable {
    var members: [Int: MemberRecord]
    var interviews: [UInt32: InterviewRecord]
    var hints: [String: Hint]
    /// The maintenance notice of `status.json`, if it says MAINTENANCE.
    var maintenance: MaintenanceNotice?
    /// The fault rules of `faults.json`, if there is one.
    var faults: FaultPlan?

    /// The member's interviews, newest first (by `regDate`, then by `termNo`).
    func interviews(of memIdx: Int) -> [InterviewRecord] {
        let dated: [(record: InterviewRecord, date: Date)] = interviews.values
            .filter { $0.memIdx == memIdx }
            .map { ($0, ISO8601Timestamp.date(from: $0.interview.regDate) ?? .distantPast) }
        return dated
            .sorted { lhs, rhs in
                if lhs.date != rhs.date { return lhs.date > rhs.date }
                return lhs.record.interview.termNo > rhs.record.interview.termNo
            }
            .map(\.record)
    }
}

extension DataSet {
    private struct MembersFile: Decodable { var members: [MemberRecord] }
    private struct HintsFile: Decodable { var hints: [Hint] }

    /// Loads and checks a data directory; the error names the first file at fault.
    static func load(from directory: URL) throws(DataSetError) -> DataSet {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DataSetError(file: directory.path, problem: "no such data directory")
        }
        do {
            let members = try loadMembers(directory)
            let interviews = try loadInterviews(directory, members: members)
            let hints = try loadHints(directory)
            let maintenance = try loadStatus(directory)
            let faults = try loadFaults(directory)
            return DataSet(members: members, interviews: interviews, hints: hints, maintenance: maintenance, faults: faults)
        } catch {
            // The loaders name files relative to the directory; the message names the real path.
            throw DataSetError(file: directory.appendingPathComponent(error.file).path, problem: error.problem)
        }
    }

    private static func loadMembers(_ directory: URL) throws(DataSetError) -> [Int: MemberRecord] {
        let file = "members.json"
        let list = try decode(MembersFile.self, file, in: directory).members
        var members: [Int: MemberRecord] = [:]
        var tokens: Set<String> = []
        for (index, member) in list.enumerated() {
            let path = "members[\(index)]"
            if members[member.memIdx] != nil {
                throw DataSetError(file: file, problem: "\(path).memIdx: \(member.memIdx) appears twice")
            }
            // The contract's `Me.email` is an e-mail address: something@somewhere, no spaces.
            let parts = member.email.split(separator: "@", omittingEmptySubsequences: false)
            if parts.count != 2 || parts.contains(where: \.isEmpty) || member.email.contains(where: \.isWhitespace) {
                throw DataSetError(file: file, problem: "\(path).email: \(DataProblem.quoted(member.email)) is not an e-mail address")
            }
            for token in member.accessTokens + member.refreshTokens + (member.standingRefreshTokens ?? []) {
                if token.isEmpty || !tokens.insert(token).inserted {
                    throw DataSetError(file: file, problem: "\(path): token \(DataProblem.quoted(token)) is empty or appears twice")
                }
            }
            members[member.memIdx] = member
        }
        return members
    }

    private static func loadInterviews(
        _ directory: URL,
        members: [Int: MemberRecord]
    ) throws(DataSetError) -> [UInt32: InterviewRecord] {
        let folder = directory.appendingPathComponent("interviews", isDirectory: true)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw DataSetError(file: "interviews/", problem: "cannot list the directory")
        }
        var interviews: [UInt32: InterviewRecord] = [:]
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let file = "interviews/\(name)"
            let record = try decode(InterviewRecord.self, file, in: directory)
            do {
                try record.validate()
            } catch {
                throw DataSetError(file: file, problem: "\(error.path): \(error.message)")
            }
            let termNo = record.interview.termNo
            guard name == "\(termNo).json" else {
                throw DataSetError(file: file, problem: "interview.termNo is \(termNo); the file must be named \(termNo).json")
            }
            guard members[record.memIdx] != nil else {
                throw DataSetError(file: file, problem: "memIdx: no member \(record.memIdx) in members.json")
            }
            interviews[termNo] = record
        }
        return interviews
    }

    private static func loadHints(_ directory: URL) throws(DataSetError) -> [String: Hint] {
        let file = "hints.json"
        var hints: [String: Hint] = [:]
        for (index, hint) in try decode(HintsFile.self, file, in: directory).hints.enumerated() {
            guard Hint.sections.contains(hint.section), hints[hint.section] == nil else {
                throw DataSetError(
                    file: file,
                    problem: "hints[\(index)].section: \(DataProblem.quoted(hint.section)) is unknown or appears twice (expected one each of \(Hint.sections.joined(separator: ", ")))"
                )
            }
            hints[hint.section] = hint
        }
        if let missing = Hint.sections.first(where: { hints[$0] == nil }) {
            throw DataSetError(file: file, problem: "no hint for section '\(missing)'")
        }
        return hints
    }

    /// `status.json` is optional; it is the wire ServiceStatus, fixed for the server's lifetime.
    private static func loadStatus(_ directory: URL) throws(DataSetError) -> MaintenanceNotice? {
        let file = "status.json"
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path) else { return nil }
        let status = try decode(ServiceStatus.self, file, in: directory)
        if let until = status.until, ISO8601Timestamp.date(from: until) == nil {
            throw DataSetError(file: file, problem: "until: \(DataProblem.quoted(until)) is not an ISO-8601 date-time")
        }
        guard status.status == .maintenance else { return nil }
        do {
            return try MaintenanceNotice(message: status.message, until: status.until)
        } catch {
            throw DataSetError(file: file, problem: "until: \(error.message)")
        }
    }

    /// `faults.json` is optional; every key of every rule is checked, unknown ones too.
    private static func loadFaults(_ directory: URL) throws(DataSetError) -> FaultPlan? {
        let file = FaultPlan.fileName
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path) else { return nil }
        return try faultPlan(file, in: directory)
    }

    /// The rules of a file given on their own (`--faults FILE`), checked as `faults.json`'s are;
    /// the error names the file as given.
    static func loadFaultPlan(from file: URL) throws(DataSetError) -> FaultPlan {
        do {
            return try faultPlan(file.lastPathComponent, in: file.deletingLastPathComponent())
        } catch {
            throw DataSetError(file: file.path, problem: error.problem)
        }
    }

    private static func faultPlan(_ file: String, in directory: URL) throws(DataSetError) -> FaultPlan {
        let json = try decode(JSONValue.self, file, in: directory)
        do {
            return try FaultPlan(json: json)
        } catch {
            throw DataSetError(file: file, problem: "\(error.path): \(error.message)")
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ file: String, in directory: URL) throws(DataSetError) -> T {
        let data = try read(file, in: directory)
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw DataSetError(file: file, problem: DecodingProblem(error).description)
        } catch {
            throw DataSetError(file: file, problem: "\(error)")
        }
    }

    /// The most a data file may hold: report's own bound on a response body, which every file here
    /// is served as (or is smaller than). Checked with `fstat` before a byte is read.
    static let maximumFileSize = 8 * 1024 * 1024

    /// The bytes of a regular file of at most `maximumFileSize` bytes. Opened `O_NONBLOCK`, so that
    /// a FIFO in a file's place is refused at once instead of waited on.
    private static func read(_ file: String, in directory: URL) throws(DataSetError) -> Data {
        let descriptor = open(directory.appendingPathComponent(file).path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw DataSetError(file: file, problem: "cannot read the file: \(Descriptor.reason(errno))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw DataSetError(file: file, problem: "cannot read the file: \(Descriptor.reason(errno))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw DataSetError(file: file, problem: "is not a regular file")
        }
        guard status.st_size <= maximumFileSize else {
            throw DataSetError(file: file, problem: "is \(status.st_size) bytes, larger than \(maximumFileSize >> 20) MiB, "
                                                 + "the most a data file may hold")
        }
        switch Descriptor.readAll(descriptor, limit: maximumFileSize) {
        case .success(let bytes):
            return Data(bytes)
        case .failure(.tooLarge):
            // It grew after the fstat.
            throw DataSetError(file: file, problem: "grew past \(maximumFileSize >> 20) MiB while it was read")
        case .failure(.system(let code)):
            throw DataSetError(file: file, problem: "cannot read the file: \(Descriptor.reason(code))")
        }
    }
}
