#if canImport(Glibc)
import Glibc
#endif
import Domain
@testable import Presentation
import Testing
import TestSupport

/// An error code of the operating system (errno) said by the catalog: its words for the common
/// codes in either language, English's the C library's own, and for any other code Korean words
/// with the code's name in parentheses — never the C library's English on a Korean line.
@Suite("errno in the member's language")
struct SystemErrorWordsTests {
    static let common: [Int32] = [ENOENT, EACCES, EPERM, EISDIR, ENOTDIR, ENOSPC, EROFS, EEXIST, ELOOP, ENAMETOOLONG,
                                  EMFILE, EIO, EAGAIN, EWOULDBLOCK, EDQUOT, EBUSY, ETXTBSY, EINVAL, EXDEV]

    @Test(arguments: common)
    func aCommonCodeHasWordsInBothLanguages(_ code: Int32) {
        #expect(Words.english.system(code) == String(cString: strerror(code)), "English keeps the C library's words")
        let korean = Words.korean.system(code)
        #expect(korean != Words.english.system(code))
        #expect(EnglishInKorean.englishRun(in: korean) == nil, "\(korean)")
    }

    @Test func anyOtherCodeIsNamedInParentheses() {
        #expect(Words.korean.system(EPROTO) == "시스템 오류가 발생했습니다(EPROTO)")
        #expect(Words.korean.system(ECONNRESET) == "시스템 오류가 발생했습니다(ECONNRESET)")
        #expect(Words.korean.system(9999) == "시스템 오류가 발생했습니다(errno 9999)")
        #expect(Words.english.system(EPROTO) == String(cString: strerror(EPROTO)))
    }

    /// A detail with an errno inside, said by its key in both languages.
    @Test func aDetailWithAnErrnoInside() {
        let detail = Detail(.detailCredentialsCannotRead, ["path": .data("/c/credentials.json"), "detail": .system(ENOSPC)])
        #expect(Words.english.said(detail) == "/c/credentials.json: cannot be read: No space left on device")
        #expect(Words.korean.said(detail) == "/c/credentials.json: 읽을 수 없습니다: 장치에 남은 공간이 없습니다")
    }
}
