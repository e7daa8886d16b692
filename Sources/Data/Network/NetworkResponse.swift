/// A decoded body with the response's status and headers (ETag, …).
struct NetworkResponse<T: Sendable>: Sendable {
    /// nil only for 304 Not Modified to a conditional request (`ifNoneMatch`).
    let value: T?
    let status: Int
    let headers: HTTPHeaders

    var isNotModified: Bool { status == 304 }
}
