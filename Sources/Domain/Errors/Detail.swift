/// What went wrong below the words a person reads, as a key and its values. The layer that knows
/// what happened (the Data layer, a use case, a view model) names it; the catalog (Presentation's
/// `Message`, one case of the same name a key) words it: in the member's language on the line a
/// person reads, in English in a `--json` document. No sentence is built here, so none can reach
/// a person in a language they did not ask for.
public struct Detail: Hashable, Sendable, CustomStringConvertible {
    public let key: Key
    public let values: [String: Value]

    /// A placeholder's value.
    public enum Value: Hashable, Sendable {
        /// Data as it is: a number, a path, a name, the service's own words.
        case data(String)
        /// Another detail, said inside this one.
        indirect case detail(Detail)
        /// An error code of the operating system (errno), said by the catalog: its words for the
        /// common codes, else the code's name in parentheses (`EIO`).
        case system(Int32)
    }

    public init(_ key: Key, _ values: [String: Value] = [:]) {
        self.key = key
        self.values = values
    }

    /// Any other error, described as it is (never expected on a member's screen): English shows
    /// the description, another language says that an unexpected error happened.
    public static func unexpected(_ description: String) -> Detail {
        Detail(.detailUnexpected, ["detail": .data(description)])
    }

    /// The key and its values, for a log or a test's message; never a line for a person (that is
    /// the catalog's: `Words.said`).
    public var description: String {
        let parts = values.sorted { $0.key < $1.key }.map { name, value -> String in
            switch value {
            case .data(let text): "\(name)=\(text)"
            case .detail(let inner): "\(name)=(\(inner))"
            case .system(let code): "\(name)=errno \(code)"
            }
        }
        return ([key.rawValue] + parts).joined(separator: " ")
    }

    /// The keys: each is the `Message` of the same name (`CatalogTests` checks each has one).
    public enum Key: String, CaseIterable, Hashable, Sendable {
        // HTTP answers the service gave (NetworkError+Domain).
        case detailCredentialsRejected, detailRequestRejected, detailUnreadableResponse, detailNotModified
        case detailRedirectNotFollowed, detailUnexpectedStatus, detailTooManyRedirects, detailForbiddenInterview, detailForbiddenResource
        case detailInterviewNotFound, detailResourceNotFound, detailUnusableCredentials, detailMemberMismatch
        // Signing in: no token, another service, a refresh that failed or was refused.
        case detailNoAccessToken, detailNotSignedIn, detailSignedInElsewhere, detailCannotRefresh, detailRefreshTokenRejected
        case detailSignInExpired, detailCredentialsNotSaved, detailCredentialsOnlyInFile, detailRefreshTokenNotOneWord, detailSignInChanged
        // A link for another member.
        case detailLinkForOtherMember
        // The interview list's pages, as the service sent them.
        case detailListPageMismatch, detailListDidNotAdvance, detailListPageSize, detailListRepeats
        // `--offline`: what the cache did not have.
        case detailNotCachedInterview, detailNotCachedReport, detailNotCachedVideo, detailNotCachedOther
        // `report search`: no store to search, or one that cannot be read; `search` and `sync`:
        // SQLite's library cannot be loaded, or the store cannot be used.
        case detailNoStoreFolder, detailStoreUnsearchable, detailSQLiteMissing, detailStoreUnusable
        // Progress and `check`: too few finished interviews.
        case detailTooFewReports, detailTooFewOfKindOne, detailTooFewOfKind, detailNothingToCheck
        // `report api`'s refusals of a request before it is sent.
        case detailRawBadMethod, detailRawNotOnBase, detailRawNotAPath, detailRawControl, detailRawFragment, detailRawDotSegment
        // A response that decoded but breaks the contract (a score out of range).
        case detailContractBroken
        // An interview's kind inside a detail ("a company interview").
        case detailKindCompany, detailKindPersonality, detailKindCompetency, detailKindOther, detailKindNone
        // Any other error, described as it is.
        case detailUnexpected
        // networds: a network failure by libcurl's CURLcode (libcurl's own text is what English
        // says, `detailCurlFailure`), and by its kind when nothing more is known.
        case detailCurlFailure, detailNetRefused, detailNetCouldNotConnect, detailNetResolve, detailNetResolveTimeout
        case detailNetConnectTimeout, detailNetTimeout, detailNetEmptyReply, detailNetSendFailed, detailNetReceiveFailed
        case detailNetCutShort, detailNetTLSHandshake, detailNetCAFile, detailNetCertSelfSigned, detailNetCertSelfSignedChain
        case detailNetCertUnknownIssuer, detailNetCertExpired, detailNetCertNotYetValid, detailNetCertNameMismatch
        case detailNetCertUnverified, detailNetCannotStart
        case networkDNS, networkConnect, networkTLS, networkTimeout, networkTransfer
        // networds: the transport's own conditions, and the service's 408.
        case detailServiceTimedOut, detailTransferStalled, detailResponseTooLarge, detailRequestCancelled, detailRedirectsTooLong
        case detailHeadersTooLarge, detailHTTP09, detailHeaderLineTooLarge, detailInsecureRedirect, detailTimeLimitPassed, detailBadHeader
        // networds: a body that is not JSON of the expected shape (the byte offset, the key path as data).
        case detailJSONSyntax, detailJSONNotUTF8, detailJSONLoneSurrogate, detailJSONControlCharacter, detailJSONInvalidEscape
        case detailJSONTooDeep, detailJSONTrailingData, detailJSONUnexpectedValue, detailJSONNotAnInteger, detailJSONMissingKey
        case detailJSONDuplicateKey, detailJSONNotJSON, detailJSONNull, detailJSONWrongType, detailJSONInvalidValue, detailJSONUnreadable
        // networds: a response that decoded but breaks the contract's rules.
        case detailContractTermMismatch, detailContractGrade, detailContractGameScore, detailContractPercentage
        case detailContractPageNotPositive, detailContractPageTooLarge, detailContractInItem, detailContractHintSection
        case detailContractTermZero, detailContractNegativeVideo, detailContractStatus, detailContractTokenMalformed
        case detailContractExpiresIn, detailContractTokenType
        // filewords: files, folders, config.toml and the operating system, said where the problem is found.
        // What a folder others can write holds under a name, a link not followed, a path that names no file.
        case detailSharedFolderOtherUser, detailSharedFolderNotRegular, detailSharedFolderHardLinked, detailSharedFolderSymlink
        case detailEmptyPath, detailFileLinkLoop, detailFileIsDirectory, detailFileNamesDirectory, detailFileNotDirectory, detailFileSystem
        // Writing a file atomically: the stage that failed.
        case detailFileCannotCreateIn, detailFileCannotWrite, detailFileCannotReplace, detailFileCannotSync, detailFileRefused
        // The credentials file and its folder.
        case detailCredentialsSymlink, detailCredentialsCannotRead, detailCredentialsNotRegular, detailCredentialsOtherUser, detailCredentialsTooLarge
        case detailCredentialsInvalid, detailCredentialsMode, detailCredentialsFolderMode, detailCredentialsNotDirectory, detailCredentialsCannotOpen
        case detailCannotLock, detailCredentialsStillLocked, detailCredentialsCannotRemove, detailCredentialsNotEncoded, detailCredentialsCannotCreateIn
        case detailCredentialsNotWritten, detailCredentialsNotReplaced, detailCredentialsNotSynced, detailCredentialsFolderNotCreated, detailCredentialsFolderUnusable
        case detailCredentialsMissing, detailCredentialsWrongType, detailCredentialsInvalidValue, detailCredentialsNotJSON, detailCredentialsVersion
        case detailCredentialsMalformedToken, detailCredentialsInvalidBaseURL, detailCredentialsExpiryRange
        // The local store's folders and files.
        case detailStoreForeignLink, detailStoreCannotCreate, detailStoreOtherUser, detailStoreOpenToOthers
        // config.toml: reading it, trusting it, and each line's problem (the TOML scanner's too).
        case detailConfigCannotRead, detailConfigTooLarge, detailConfigNotUTF8, detailConfigProfileName, detailConfigTableTwice
        case detailConfigKeyTwice, detailConfigDefaultProfileName, detailConfigLanguage, detailConfigUnknownKey, detailConfigBaseURL
        case detailConfigUnknownProfileKey, detailConfigNoDefaultProfile, detailConfigColor, detailConfigNotRegular, detailConfigOtherUser
        case detailConfigWritableByOthers, detailConfigFolderOtherUser, detailConfigFolderWritable, detailConfigAtLine, detailRefusalCannotBeRead
        // A base URL's problem inside config.toml's line or `config set`'s refusal.
        case detailBaseURLEmpty, detailBaseURLNotURL, detailBaseURLScheme, detailBaseURLNoHost, detailBaseURLCredentials
        case detailBaseURLQuery, detailBaseURLPort, detailBaseURLNotIPv4, detailBaseURLInsecure
        case detailTOMLArrayTables, detailTOMLCloseHeader, detailTOMLUnknownTable, detailTOMLDottedKey, detailTOMLExpectedEquals
        case detailTOMLNoValue, detailTOMLNotString, detailTOMLUnexpected, detailTOMLExpectedKey, detailTOMLAfterValue, detailTOMLMultiLine
        case detailTOMLControlEscaped, detailTOMLNotClosedDouble, detailTOMLIncompleteEscape, detailTOMLInvalidEscape, detailTOMLUnknownEscape
        case detailTOMLControlLiteral, detailTOMLNotClosedSingle
        // A kind of file that is not a regular one (config.toml's).
        case detailFileKindDirectory, detailFileKindFIFO, detailFileKindSocket, detailFileKindCharacterDevice, detailFileKindBlockDevice, detailFileKindSpecial
    }
}
