import Foundation
import Hummingbird

/// The endpoints of the contract (api/openapi.yaml), served from a loaded data set.
struct ReportAPI: Sendable {
    static let defaultPageSize = 20
    static let maximumPageSize = 100
    /// The largest token request body read; real ones are a few hundred bytes.
    static let maximumTokenRequestBytes = 16 * 1024

    let dataSet: DataSet
    let tokens: TokenStore
    let progress: AnalysisProgress
    let maintenance: MaintenanceSwitch
    /// How long a finished analysis's interview and reports stay fresh for a client's cache
    /// (`--max-age`): `Cache-Control: private, max-age=N`, or `no-cache` when 0.
    var maxAge = 0
    /// Whether responses carry an `ETag` (and answer `If-None-Match` with 304); `--no-etag` turns it off.
    var etags = true

    /// The `Cache-Control` of a finished analysis's responses. Private: they are one member's.
    private var finishedCacheControl: String {
        maxAge > 0 ? "private, max-age=\(maxAge)" : "no-cache"
    }

    func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        /// GET, and HEAD answered the same way (ContractMethodsMiddleware drops the body).
        func read(_ path: RouterPath, _ handler: @escaping @Sendable (Request, Context) async throws -> Response) {
            router.get(path, use: handler)
            router.head(path, use: handler)
        }
        read("/v1/service/status") { _, _ in try self.serviceStatus() }
        router.post("/v1/auth/token") { request, context in try await self.issueTokens(request, context: context) }
        read("/v1/me") { request, _ in try JSONResponse.make(try await self.member(request).me) }
        read("/v1/interviews") { request, _ in try await self.interviews(request) }
        read("/v1/interviews/:termNo") { request, context in
            try await self.interview(request, termNo: context.parameters.get("termNo"))
        }
        read("/v1/analysis/report") { request, _ in try await self.report(request) }
        read("/v1/analysis/video-report") { request, _ in try await self.videoReport(request) }
        read("/v1/hints/:section") { request, context in
            try await self.hint(request, section: context.parameters.get("section"))
        }
    }

    // MARK: - Endpoints

    private func serviceStatus() throws -> Response {
        try JSONResponse.make(maintenance.current()?.status ?? ServiceStatus(status: .ok, message: nil, until: nil))
    }

    private func issueTokens(_ request: Request, context: some RequestContext) async throws -> Response {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: Self.maximumTokenRequestBytes)
        } catch {
            throw ServerError.badRequest("요청 본문이 너무 큽니다.")
        }
        guard let tokenRequest = try? JSONDecoder().decode(TokenRequest.self, from: Data(body.readableBytesView)) else {
            throw ServerError.badRequest(#"요청 본문은 {"grantType": "refresh_token", "refreshToken": "…"} 형식의 JSON이어야 합니다."#)
        }
        guard tokenRequest.grantType == "refresh_token" else {
            throw ServerError.badRequest("지원하지 않는 grantType입니다: '\(tokenRequest.grantType)'")
        }
        // Token responses must never be cached.
        return try JSONResponse.make(
            try await tokens.rotate(refreshToken: tokenRequest.refreshToken),
            headers: [.cacheControl: "no-store"]
        )
    }

    private func interviews(_ request: Request) async throws -> Response {
        let member = try await member(request)
        let query = request.uri.queryParameters
        if let status = query.get("status"), status != "completed" {
            throw ServerError.badRequest("status는 completed만 지원합니다: '\(status)'")
        }
        let page = try integer(query.get("page"), name: "page", default: 1, in: 1...Int(Int32.max))
        let size = try integer(query.get("size"), name: "size", default: Self.defaultPageSize, in: 1...Self.maximumPageSize)
        let all = dataSet.interviews(of: member.memIdx)
        let start = min((page - 1) * size, all.count)
        var items: [Interview] = []
        for record in all[start..<min(start + size, all.count)] {
            items.append(await current(record))
        }
        return try JSONResponse.cacheable(InterviewPage(items: items, page: page, size: size, total: all.count), for: request, etags: etags)
    }

    private func interview(_ request: Request, termNo: String?) async throws -> Response {
        let record = try await ownedRecord(request, termNo: termNo)
        let interview = await current(record)
        return try JSONResponse.cacheable(interview, for: request,
                                          cacheControl: interview.analysisStatus == .done ? finishedCacheControl : nil, etags: etags)
    }

    private func report(_ request: Request) async throws -> Response {
        let record = try await ownedRecord(request, termNo: request.uri.queryParameters.get("termNo"))
        let running = await progress.recordReportRequest(for: record)
        let result = running ? nil : record.report
        let status = await progress.status(of: record)
        let finished = result != nil && status == .done
        return try JSONResponse.cacheable(AnalysisResult(result: result), for: request,
                                          cacheControl: finished ? finishedCacheControl : nil, etags: etags)
    }

    private func videoReport(_ request: Request) async throws -> Response {
        let record = try await ownedRecord(request, termNo: request.uri.queryParameters.get("termNo"))
        let status = await progress.status(of: record)
        let result = status == .pending ? nil : record.videoReport
        let finished = result != nil && status == .done
        return try JSONResponse.cacheable(AnalysisResult(result: result), for: request,
                                          cacheControl: finished ? finishedCacheControl : nil, etags: etags)
    }

    private func hint(_ request: Request, section: String?) async throws -> Response {
        _ = try await member(request)
        guard let section, let hint = dataSet.hints[section] else {
            throw ServerError.notFound("도움말이 없는 항목입니다: '\(section ?? "")' (tips, character, aptitude, keywords, video 중 하나)")
        }
        return try JSONResponse.cacheable(hint, for: request, etags: etags)
    }

    // MARK: - Shared steps

    /// The member whose bearer token the request carries.
    private func member(_ request: Request) async throws -> MemberRecord {
        guard let header = request.headers[.authorization] else { throw ServerError.invalidToken }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw ServerError.invalidToken }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        let memIdx = try await tokens.member(forAccessToken: token)
        guard let member = dataSet.members[memIdx] else { throw ServerError.invalidToken }
        return member
    }

    /// Authenticates, then finds the interview: 400 for a malformed termNo, 404, or 403 for another member's.
    private func ownedRecord(_ request: Request, termNo text: String?) async throws -> InterviewRecord {
        let member = try await member(request)
        let termNo = try IntegerParameter.termNo(text)
        guard let record = dataSet.interviews[termNo] else {
            throw ServerError.notFound("면접 \(termNo)을(를) 찾을 수 없습니다.")
        }
        guard record.memIdx == member.memIdx else { throw ServerError.forbidden }
        return record
    }

    /// The interview as it is now: an analysis with `readyAfterPolls` turns DONE after enough polls.
    private func current(_ record: InterviewRecord) async -> Interview {
        var interview = record.interview
        interview.analysisStatus = await progress.status(of: record)
        return interview
    }

    private func integer(_ text: String?, name: String, default value: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text else { return value }
        guard let parsed = IntegerParameter.parse(text, in: range) else {
            throw ServerError.badRequest("\(name)는 \(range.lowerBound) 이상 \(range.upperBound) 이하의 정수여야 합니다: '\(text)'")
        }
        return parsed
    }
}
