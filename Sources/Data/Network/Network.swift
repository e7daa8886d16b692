#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Calls one endpoint of the service and decodes its JSON into `T`. Every non-2xx status is an
/// error (`NetworkError.http`), never a value.
struct Network<T: Decodable & Sendable>: Sendable {
    let transport: CurlTransport
    let baseURL: BaseURL

    init(transport: CurlTransport, baseURL: BaseURL) {
        self.transport = transport
        self.baseURL = baseURL
    }

    /// The decoded body of `route`'s response.
    func request(_ route: Router, accessToken: String?) async throws(NetworkError) -> T {
        let response = try await response(route, accessToken: accessToken)
        guard let value = response.value else {
            throw .http(status: response.status, code: nil, message: HTTPErrorBody.reasonPhrase(response.status),
                        retryAfter: nil)
        }
        return value
    }

    /// The decoded body with the status and headers. With `ifNoneMatch`, a 304 is not an error:
    /// it comes back with a nil value.
    func response(_ route: Router, accessToken: String?, ifNoneMatch: String? = nil)
        async throws(NetworkError) -> NetworkResponse<T> {
        let endpoint = route.endpoint
        let request = makeRequest(endpoint, accessToken: accessToken, ifNoneMatch: ifNoneMatch)
        let response = try await send(request)
        if response.status == 304, ifNoneMatch != nil {
            return NetworkResponse(value: nil, status: response.status, headers: response.headers)
        }
        guard response.isSuccess else { throw HTTPErrorBody.error(from: response) }
        do {
            let value = try JSONDecoder().decode(T.self, from: response.body)
            return NetworkResponse(value: value, status: response.status, headers: response.headers)
        } catch {
            throw .decoding(DecodingFailure.describe(error))
        }
    }

    func makeRequest(_ endpoint: Endpoint, accessToken: String?, ifNoneMatch: String? = nil) -> HTTPRequest {
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if let accessToken, endpoint.requiresAuth {
            headers.add("Authorization", "Bearer \(accessToken)")
        }
        if let ifNoneMatch {
            headers.add("If-None-Match", ifNoneMatch)
        }
        if endpoint.body != nil {
            headers.add("Content-Type", "application/json")
        }
        return HTTPRequest(method: endpoint.method, url: endpoint.url(relativeTo: baseURL), headers: headers,
                           body: endpoint.body)
    }

    private func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        do {
            return try await transport.perform(request)
        } catch {
            throw .transport(error)
        }
    }
}
