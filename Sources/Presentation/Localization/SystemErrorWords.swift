#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Domain

extension Words {
    /// An error code of the operating system (errno) as a person reads it: the catalog's words for
    /// the codes a file or a terminal commonly gives; for any other, English keeps the C library's
    /// words and another language says that a system error happened, with the code's name in
    /// parentheses (`시스템 오류가 발생했습니다(EPROTO)`).
    public func system(_ code: Int32) -> String {
        if let message = Self.systemMessages[code] { return self[message] }
        let name = Self.errnoNames[code] ?? "errno \(code)"
        return self(.systemOther, ["reason": String(cString: strerror(code)), "code": name])
    }

    /// The codes the catalog words.
    static let systemMessages: [Int32: Message] = [
        ENOENT: .detailNoSuchFile, EACCES: .detailPermissionDenied, EISDIR: .detailIsADirectory,
        EPERM: .systemNotPermitted, ENOTDIR: .systemNotADirectory, ENOSPC: .systemNoSpace, EROFS: .systemReadOnly,
        EEXIST: .systemExists, ELOOP: .systemLinkLoop, ENAMETOOLONG: .systemNameTooLong, EMFILE: .systemTooManyOpen,
        EIO: .systemIO, EAGAIN: .systemTryAgain, EDQUOT: .systemQuota, EBUSY: .systemBusy, ETXTBSY: .systemTextBusy,
        EINVAL: .systemInvalid, EXDEV: .systemCrossDevice,
    ]

    /// The names of the other codes a file, a pipe or a terminal may give, for the fallback.
    static let errnoNames: [Int32: String] = [
        ESRCH: "ESRCH", EINTR: "EINTR", ENXIO: "ENXIO", E2BIG: "E2BIG", ENOEXEC: "ENOEXEC", EBADF: "EBADF",
        ECHILD: "ECHILD", ENOMEM: "ENOMEM", EFAULT: "EFAULT", ENOTBLK: "ENOTBLK", ENFILE: "ENFILE", ENOTTY: "ENOTTY",
        EFBIG: "EFBIG", ESPIPE: "ESPIPE", EMLINK: "EMLINK", EPIPE: "EPIPE", EDOM: "EDOM", ERANGE: "ERANGE",
        EDEADLK: "EDEADLK", ENOLCK: "ENOLCK", ENOSYS: "ENOSYS", ENOTEMPTY: "ENOTEMPTY", ENODEV: "ENODEV",
        EOVERFLOW: "EOVERFLOW", ESTALE: "ESTALE", ETIMEDOUT: "ETIMEDOUT", ECONNRESET: "ECONNRESET",
        ENOTCONN: "ENOTCONN", ECONNREFUSED: "ECONNREFUSED", EHOSTUNREACH: "EHOSTUNREACH", ENETDOWN: "ENETDOWN",
        ENETUNREACH: "ENETUNREACH", EPROTO: "EPROTO", EILSEQ: "EILSEQ", ECANCELED: "ECANCELED", EOPNOTSUPP: "EOPNOTSUPP",
    ]
}
