/// Every message a person reads in the views that go through the catalog, by key. English is
/// `EnglishCatalog` (an exhaustive switch: a key without its English form does not compile) and
/// Korean `KoreanCatalog` (a table: `CatalogTests` fails when a key lacks its Korean form). A
/// message takes its arguments as `{name}` placeholders, filled by `Words.callAsFunction`.
public enum Message: String, CaseIterable, Hashable, Sendable {
    // The kinds of interview.
    case kindCompany, kindPersonality, kindCompetency
    // The analysis statuses, alone ("ready") and on the title's meta line ("analysis ready").
    case statusReady, statusPending, statusFailed
    case analysisStatus
    // The title's meta line.
    case termNumber
    // Section headings.
    case headingTitle, headingTips, headingCharacter, headingAptitude, headingKeywords, headingVideo
    // A section the service has no data for, and empty lists.
    case notAvailable, noKeywords, noAnswers
    // Trait levels.
    case levelHigh, levelMid, levelLow
    // Tip categories.
    case tipAnswer, tipAttitude, tipVoice, tipPosture
    // Aptitude: the grade and percentile in one framing.
    case grade, topShare, aptitudeShare
    // The video measures.
    case questionNumber, answerDuration, speechRate, gazeStability, voiceStability
    // `fetch --explain`.
    case howToRead
    // Dates: with the service's own zone, KST, UTC or another offset.
    case calendarDate, dateTime, dateTimeKST, dateTimeUTC, dateTimeOffset
    // `report list`'s column headers.
    case columnTerm, columnDate, columnCompany, columnOccupation, columnType, columnAnalysis
    // `report status` and `report check`'s lines (their JSON stays English).
    case statusOperational, statusMaintenance, statusMaintenanceUntil, checkService, checkServiceAt, checkCredentials, checkReport, checkOperational, checkAccepted, checkDecoded, checkSkipped
    // `report auth`: who is signed in, signing in and out (their JSON stays English).
    case authSignedInAs, authLoggedIn, authMember, authUnknownMember, authProfileLabel, authCredentialsLabel, authAccessTokenLabel, authStoredByLogin, authFromEnvironment, authNoToken, authTokenExpires
    case authTokenExpiryUnknown, authExpiresIn, authExpiredAgo, authSeconds, authMinutes, authHours, authTokenStillSet, authSignedOut, authNotSignedIn, authTokenStillUsed
    // `report config list` (the origins; names and values stay) and `report cache info|clear`.
    case configOriginFlag, configOriginEnvironment, configOriginFile, configOriginDefault, configBuiltIn, configPasswordDatabase, configNotSignedIn
    case cacheDirectory, cacheEntries, cacheSize, cacheLimit, cacheFrom, cacheEntriesNote, cacheFresh, cacheFreshNote, cacheBytes, cacheDefaultLimit, cacheWasEmpty, cacheRemovedOne, cacheRemoved, cacheRemovedUnread
    case cacheFreshLimit, cacheFreshLimitValue, cacheFreshLimitNote
    case cacheReports, cacheReportsNote, cacheOnDisk, cacheOnDiskNote, cacheUnread, cacheUnreadNote
    // `report sync`: its summary, a run resumed, nothing to sync.
    case syncSummary, syncSummaryFailed, syncResumed, syncNothing
    // The shared pages (`--format html|markdown`): what a page is, when it was exported, table headers.
    case pageReportAbout, pageKind, pageKindOther, pageKindNone, pageWithLevel, pageLevelBasic, pageLevelAdvanced, pageLevelOther, pageTakenOn, pageExported, pageReference, pagePending, pageFailed
    case pageUnknownStatus, pageNoCode, pageGaugeTop, pageAheadOf, pageStanding, pageTitleSuffix, pageBatchTitle, pageTrait, pageScore, pageLevel, pageComment, pageGame, pageDateTime
    // The trend and compare pages: what each is, its headings and column headers.
    case pageDay, pageTrendAboutSpan, pageTrendAboutDay, pageTrendAboutUndated, pageCompareHeading, pageCompareAbout, pageOverTime, pageBestTerm, pageTrendMovers, pageInterviews
    // `compare` and `trend`: headings, table headers, the summary (`ProgressWords`).
    case progressCompareHeading, progressLatest, progressReordered, progressSameInterview, progressKindsDiffer, progressVideo, progressGamesOfMax, progressGrade, progressPercentile, progressFirst, progressLast, progressBest, progressChange, progressSame
    case progressGained, progressLost, progressOnlyIn, progressPointsOfMax, progressTrendHeading, progressBucket, progressImproved, progressFell, progressMore, progressGaze, progressVoice, progressSpeechRate
    // Argument errors (stderr): a mistyped command or option, a bad or missing value.
    case usageUnknownOption, usageDidYouMean, usageSeeHelp, usageMissingValue, usageBadChoice, usageBadValue, usageFlagTakesNoValue, usageBadTerm, usageBadArgument, usageBadArgumentChoice, usageUnexpectedArgument, usageMissingArgument, usageUnknownCommand, usageSeeCommands, usageNoHelpTopic, usageHelpTopics
    // What `report help` left out of the page asked for; the hints of a term that is not one.
    case helpWordIgnored, hintTermLatest, hintCompareLatest
    // A command's own checks of its arguments (`UsageText.error`: kept by key while the command
    // line is parsed).
    case usageOfflineNoCache, usageRefreshAlone, usageLimitAtLeastOne, usagePageSizeRange, usagePageAtLeastOne, usageJSONAndJSONL, usageWaitTimeoutNeedsWait, usageWaitTimeoutPositive, usageLatestAlone, usageLinkAlone, usageFetchNeedsTerm, usageParallelRange, usageJSONIsFormat, usageJSONLWithFormat, usageExplainAlone, usageJSONOneTerm, usageOfflineLatest, usageOfflineLink, usageOfflineExplain, usageOfflineWait, usageCompareLatestTwo, usageCompareNeedsTwo, usageCompareExactlyTwo, usageCompareNotBoth, usageKindWithLatest, usageBadSince, usageBadUntil, usageSinceAfterUntil, usageTrendOneTerm, usageTrendTermsOrFilters, usageTrendLast, usageTrendParallel, usageJSONOrJSONL
    // config.toml that cannot be read: where its format is described.
    case configFormatHint
    // Help pages (`report help`, `--help`): headings, placeholders, defaults, the topics.
    case helpUsage, helpArguments, helpOptions, helpCacheOptions, helpConnectionOptions, helpSubcommands, helpTopics, helpOptionsWord, helpSubcommandWord, helpTopicWord, helpDefault, helpValues, helpSeeSubcommand, helpSeeTopic, helpTopicExitCodes, helpTopicEnvironment, helpTopicConfig, helpTopicPrivacy
    // Errors and hints of the service and the run (stderr).
    case errorTermContext, hintCheckTerm, errorPending, hintTryInMinutes, errorMaintenanceUntil, errorMaintenance, errorRefusing, hintTryLater, errorCannotReach, hintPrivateCA, hintCheckNetwork, errorServer, errorNotCached, hintNotCached, errorInterrupted, errorInterruptedBatch, errorInterruptedBatchFailed, errorInterruptedStream, errorInterruptedStreamFailed, errorTerminated, hintOutputFailed, errorMaxTime, hintMaxTime
    // Signing in: the prompt on a terminal and its errors.
    case hintSignIn, hintTokenRejected, hintDropBaseURL, hintUnsetBaseURL, hintSetBaseURL, hintUseStoredOrSignIn
    case promptRefreshToken, errorNoTokenNoTerminal, hintPipeToken, hintNewRefreshToken
    // `fetch`'s notes on stderr: a section the kind has not, an analysis still running.
    case noteNoSuchSection, noteNoSuchSections, pendingAfterWaiting, pendingTitleOnly, waitProgress, waitedSeconds, waitedMinutes, waitedHours
    // A batch's failure lines, progress line and summary (stderr).
    case batchFailure, batchNoTerms, batchFailureCount, batchSummary, batchSummaryFailed, elapsedUnderOneMillisecond, batchProgress, batchProgressOf, batchProgressRate
    // The service's refusals of one interview, said once, with the next step.
    case errorForbiddenTerm, hintListYourInterviews, errorNotFoundTerm, hintListTermNumbers, errorAnalysisFailed, hintAnalysisFailed

    // Details of errors below the catalog: a `Detail.Key` of the same name says each (`Words.said`).
    case detailCredentialsRejected, detailRequestRejected, detailServiceTimedOut, detailUnreadableResponse, detailNotModified, detailRedirectNotFollowed, detailUnexpectedStatus, detailTooManyRedirects, detailForbiddenInterview, detailForbiddenResource, detailInterviewNotFound, detailResourceNotFound, detailUnusableCredentials, detailNoAccessToken, detailNotSignedIn, detailSignedInElsewhere, detailCannotRefresh, detailRefreshTokenRejected, detailTransferStalled, detailResponseTooLarge, detailRequestCancelled, detailRedirectsTooLong, detailHeadersTooLarge, detailHTTP09, detailHeaderLineTooLarge, detailInsecureRedirect
    case detailNoSuchFile, detailPermissionDenied, detailIsADirectory, detailConfigCannotRead, detailConfigTooLarge, detailConfigNotUTF8, detailConfigProfileName, detailConfigTableTwice, detailConfigKeyTwice, detailConfigDefaultProfileName, detailConfigLanguage, detailConfigUnknownKey, detailConfigBaseURL, detailConfigUnknownProfileKey, detailConfigNoDefaultProfile, detailTOMLArrayTables, detailTOMLCloseHeader, detailTOMLUnknownTable, detailTOMLDottedKey, detailTOMLExpectedEquals
    // The CLI's own refusals, said where each is decided (`CLIError(_:_:hint:kind:)`).
    case detailCredentialsSymlink, detailCredentialsCannotRead, detailCredentialsNotRegular, detailCredentialsOtherUser, detailCredentialsTooLarge, detailCredentialsInvalid, detailCredentialsMode, detailCredentialsFolderMode, detailCredentialsNotDirectory, detailCredentialsCannotOpen, detailCredentialsStillLocked, detailCredentialsDeleteAndSignIn, detailCredentialsChmod
    case detailRefusalInvalidColor, detailRefusalColorChoices, detailRefusalPagerOneLine, detailRefusalPagerExample, detailConfigColor
    case detailRefusalSetLanguageExample, detailRefusalInvalidMethod, detailRefusalUseOneOf, detailRefusalHeaderFormat, detailRefusalHeaderLineBreak, detailRefusalHeaderReserved, detailRefusalInputTooLarge, detailRefusalInputUnreadable
    case detailRawNotOnBase, detailRawNotAPath, detailRawControl, detailRawFragment, detailRawDotSegment
    case detailRefusalInputProblem, detailRefusalCACertProblem, detailRefusalReadableFile, detailRefusalPathEmpty, detailRefusalNoSuchFile, detailRefusalIsDirectory
    case detailRefusalCannotBeRead, detailRefusalInternal, detailRefusalPleaseReport, detailRefusalNotChanged, detailRefusalFixByHand, detailRefusalCouldNotWrite
    case detailRefusalCannotRead, detailRefusalCannotCreate, detailRefusalUnknownSetting, detailRefusalInvalidProfile, detailRefusalNoProfile, detailRefusalAddProfileFirst
    case detailRefusalInvalidLanguage, detailRefusalInvalidBaseURLSetting, detailRefusalGiveURL, detailRefusalCannotSet, detailRefusalSettable, detailRefusalJUnitCannotWrite
    case detailRefusalJUnitGivePath, detailRefusalJUnitCouldNotWrite, detailRefusalCheckDirectory, detailRefusalSignInCheckFailed, detailRefusalCheckSignInLater, detailRefusalNotSignedInTo
    case detailRefusalCannotReadStdin, detailRefusalCannotReadTerminal, detailRefusalCannotTurnOffEcho, detailRefusalNoTokenEntered, detailRefusalNotOneToken, detailRefusalStdinEmpty
    case detailRefusalTokenControl, detailRefusalTokenAlone, detailRefusalInvalidProfileFlag, detailRefusalInvalidProfileVariable, detailRefusalInvalidBaseURLFlag, detailRefusalInsecureBaseURLFlag
    case detailRefusalInvalidBaseURLVariable, detailRefusalInsecureBaseURLVariable, detailRefusalBaseURLInFile, detailBaseURLEmpty, detailBaseURLNotURL, detailBaseURLScheme
    case detailBaseURLNoHost, detailBaseURLCredentials, detailBaseURLQuery, detailBaseURLPort, detailBaseURLNotIPv4, detailBaseURLInsecure, detailRefusalUseHTTPS
    case detailRefusalMeantURL, detailRefusalUseURLSuchAs, detailRefusalNoConfigDirectory, detailRefusalSetConfigHome, detailRefusalInvalidRetries, detailRefusalDurationZero
    case detailRefusalGiveDuration, detailRefusalInvalidCacheSize, detailRefusalGiveCacheSize, detailRefusalNoCacheDirectory, detailRefusalSetCacheHome, detailRefusalCacheUnusable
    case detailRefusalOwnCacheFolder, detailRefusalCouldNotRemoveMany, detailRefusalCouldNotRemove, detailRefusalCheckPermissions, detailRefusalInvalidLink, detailRefusalBatchStopped
    case detailRefusalLink, detailRefusalLinkNotYours, detailRefusalLatestNone, detailRefusalSeePending, detailRefusalCannotWriteOutput, detailRefusalGiveOutputPath
    case detailSharedFolderOtherUser, detailSharedFolderNotRegular, detailSharedFolderHardLinked, detailSharedFolderSymlink, detailRefusalOwnFolderOutput, detailRefusalOwnFolderJUnit, detailCannotLock, detailSignInChanged, hintRunAgainSignedIn
    // A progress view's reports left out: each on a line of its own, and when too few remain.
    case progressLeftOut, errorTooFewFetched, hintLeftOutAbove
    case detailTOMLNoValue, detailTOMLNotString, detailTOMLUnexpected, detailTOMLExpectedKey, detailTOMLAfterValue, detailTOMLMultiLine, detailTOMLControlEscaped, detailTOMLNotClosedDouble, detailTOMLIncompleteEscape, detailTOMLInvalidEscape, detailTOMLUnknownEscape, detailTOMLControlLiteral, detailTOMLNotClosedSingle
    // A network failure's kind, when nothing more precise is known.
    case networkDNS, networkConnect, networkTLS, networkTimeout, networkTransfer
    // `config set`'s lines, `config list`'s credentials value, `list` past the last page, `--terms-from`'s errors.
    case configSetDone, configFileNotUsed, configSetBaseURL, configSavedBaseURL, configEnvironmentWins, configCredentialsSignedIn, configCredentialsNone, listPastLastPage
    case termsCannotRead, termsIsDirectory, termsReadFailed, termsNotATerm, hintTermsFrom, hintCheckPath
    // A kind this client does not know, and the program level, on the terminal: English shows the
    // service's code as it is, Korean the level's name and the code in parentheses after one.
    case kindOther, programLevelBasic, programLevelAdvanced, programLevelOther
    // A date in a table column (`2026.11.02 10:15` in Korean).
    case tableCalendarDate
    // A line a person reads: a message as a sentence, a message and its hint as two (`Words.line`),
    // what a page is and when it was exported, a section named with its key.
    case sentence, lineWithHint, pageAboutExported, sectionWithKey
    // `report list`'s footer on a terminal (stderr).
    case listFooterNext, listFooterLast
    // A batch's failure categories in its summary (`BatchTally`).
    case failureNotFound, failureForbidden, failurePending, failureAnalysisFailed, failureInvalidTerm, failureInputNotFound, failureUnauthorized
    case failureNetwork, failureServer, failureUnavailable, failureMaintenance, failureNotCached, failureInvalidResponse, failureTimeout, failureOther
    // A trend's best value with its interview; a help text with its notes (values, default); a term placeholder.
    // `report watch`'s lines (stdout) and notes (stderr), and its --exec.
    case watchNothingPending, watchStarted, watchReady, watchAlreadyReady, watchFailed, watchAlreadyFailed, watchExecFailed, watchExecSignalled, watchExecNotStarted, watchExecNotFound, hintExecPath, usageExecWords
    // `report search`: nothing matched, the summary on a terminal, each match's field.
    case searchNoMatch, hintSearchSync, searchSummary, searchFieldSummary, searchFieldTipTitle, searchFieldTipBody, searchFieldCharacterType, searchFieldCharacterDescription, searchFieldTrait, searchFieldKeyword, searchFieldQuestion, searchFieldFeedback, usageSearchEmpty, usageSearchLimit
    case progressBestValue, helpWithNotes, helpNotesAlone, helpTwoNotes, helpTermWord, pageShareAndPercentile
    // The heading of the options that go before or after the command (`GlobalOptions`).
    case helpGlobalOptions
    // `report auth list`'s table and `report auth switch`'s lines and refusal.
    case authListProfile, authListService, authListMember, authListSignIn, authStateSignedIn, authStateExpired, authStateNone, authListDefault
    case authSwitched, authSwitchEnvironmentWins, errorUnknownProfile, hintKnownProfiles
    // A base URL saved in config.toml where nothing answers any more: how to point at the service.
    case hintSavedBaseURLRefused

    // `--jq`, `api --paginate` and `--format csv`: argument errors, the filter's and the pages' errors,
    // the CSV's column headers (English: the stable keys, as in the JSON).
    case usageJQInvalid, hintJQLanguage, errorJQUnavailable, hintJQInstall, errorJQFailed, errorJQNotJSON, errorJQTooLarge, hintJQSeeJSON, usageJQWithFormat, usageJQWithInclude, usageSlurpNeedsPaginate, usagePaginateGET, usagePaginateInclude, errorPaginateWrongPage, csvTermNo, csvRegDate, csvCompanyName, csvOccupationName, csvCareerName, csvItemTypeCode, csvProgramLevel, csvAnalysisStatus, csvKind, csvName, csvMeasure, csvQuestionNumber, csvQuestion, csvValue, csvScore, csvMaxScore, csvGrade, csvPercentile, csvBefore, csvAfter, csvChange, csvBeforeTermNo, csvAfterTermNo
    // Details said where they are decided (Domain's `Detail` keys, one message each) and the hints of too few interviews.
    case detailMemberMismatch, detailSignInExpired, detailCredentialsNotSaved, detailCredentialsOnlyInFile, detailRefreshTokenNotOneWord, detailLinkForOtherMember, detailListPageMismatch, detailListDidNotAdvance, detailListPageSize, detailListRepeats, detailNotCachedInterview, detailNotCachedReport, detailNotCachedVideo, detailNotCachedOther, detailNoStoreFolder, detailStoreUnsearchable, detailSQLiteMissing, detailStoreUnusable, hintSQLiteInstall, hintStoreVerbose, detailTooFewReports, detailTooFewOfKindOne, detailTooFewOfKind, detailNothingToCheck, detailRawBadMethod, detailKindCompany, detailKindPersonality, detailKindCompetency, detailKindOther, detailKindNone, detailUnexpected, hintTrendWiden, hintCheckTermsDone, hintCompareListDone, hintCheckTermNumbers, detailContractBroken, detailEmptyPath
    // usage: a profile config.toml does not declare, libcurl that could not start, arguments no check
    // could name, a term that is not one (`--link`'s problems), said where each is decided.
    case errorNoProfileNoFile, errorNoProfileNoneDefined, errorNoProfile, hintAddProfileTable, errorTransportCannotStart, usageUnreadableArguments
    case linkNotAnalysisLink, linkNoQuery, linkNoValue, linkGivenTwice, linkBadMemIdx, linkBadTermNo
    // networds: network, transport, decoding and contract details said by their key (Domain's `Detail`).
    case detailCurlFailure, detailNetRefused, detailNetCouldNotConnect, detailNetResolve, detailNetResolveTimeout, detailNetConnectTimeout, detailNetTimeout, detailNetEmptyReply
    case detailNetSendFailed, detailNetReceiveFailed, detailNetCutShort, detailNetTLSHandshake, detailNetCAFile, detailNetCertSelfSigned, detailNetCertSelfSignedChain, detailNetCertUnknownIssuer
    case detailNetCertExpired, detailNetCertNotYetValid, detailNetCertNameMismatch, detailNetCertUnverified, detailNetCannotStart, detailTimeLimitPassed, detailBadHeader, detailJSONSyntax
    case detailJSONNotUTF8, detailJSONLoneSurrogate, detailJSONControlCharacter, detailJSONInvalidEscape, detailJSONTooDeep, detailJSONTrailingData, detailJSONUnexpectedValue, detailJSONNotAnInteger
    case detailJSONMissingKey, detailJSONDuplicateKey, detailJSONNotJSON, detailJSONNull, detailJSONWrongType, detailJSONInvalidValue, detailJSONUnreadable, detailContractTermMismatch
    case detailContractGrade, detailContractGameScore, detailContractPercentage, detailContractPageNotPositive, detailContractPageTooLarge, detailContractInItem, detailContractHintSection, detailContractTermZero
    case detailContractNegativeVideo, detailContractStatus, detailContractTokenMalformed, detailContractExpiresIn, detailContractTokenType
    // filewords: files, folders, config.toml and the operating system's error codes (errno), said where they are found.
    case systemNotPermitted, systemNotADirectory, systemNoSpace, systemReadOnly, systemExists, systemLinkLoop, systemNameTooLong, systemTooManyOpen
    case systemIO, systemTryAgain, systemQuota, systemBusy, systemTextBusy, systemInvalid, systemCrossDevice, systemOther
    case detailFileLinkLoop, detailFileIsDirectory, detailFileNamesDirectory, detailFileNotDirectory, detailFileSystem, detailFileCannotCreateIn, detailFileCannotWrite, detailFileCannotReplace
    case detailFileCannotSync, detailFileRefused, detailCredentialsCannotRemove, detailCredentialsNotEncoded, detailCredentialsCannotCreateIn, detailCredentialsNotWritten, detailCredentialsNotReplaced, detailCredentialsNotSynced
    case detailCredentialsFolderNotCreated, detailCredentialsFolderUnusable, detailCredentialsMissing, detailCredentialsWrongType, detailCredentialsInvalidValue, detailCredentialsNotJSON, detailCredentialsVersion, detailCredentialsMalformedToken
    case detailCredentialsInvalidBaseURL, detailCredentialsExpiryRange, detailStoreForeignLink, detailStoreCannotCreate, detailStoreOtherUser, detailStoreOpenToOthers, detailConfigNotRegular, detailConfigOtherUser
    case detailConfigWritableByOthers, detailConfigFolderOtherUser, detailConfigFolderWritable, detailFileKindDirectory, detailFileKindFIFO, detailFileKindSocket, detailFileKindCharacterDevice, detailFileKindBlockDevice
    case detailFileKindSpecial, refusalCouldNotWriteOutput, hintFixConfig, detailConfigAtLine, termsTooLarge, errorCouldNotWriteStdout, errorCouldNotWriteStderr
    // An error's line with what was being done before it (`term 1001: …`, `list: …`).
    case errorInContext

    /// The placeholders the code fills in; a language uses some or all of them, and no other
    /// (`CatalogTests`).
    public var arguments: Set<String> {
        switch self {
        case .analysisStatus: ["status"]
        case .termNumber: ["term"]
        case .grade: ["grade"]
        case .topShare: ["share"]
        case .aptitudeShare: ["top", "percentile"]
        case .questionNumber: ["number"]
        case .answerDuration: ["duration"]
        case .speechRate: ["rate"]
        case .gazeStability, .voiceStability: ["score"]
        // month and day as written (11, 02), monthNumber and dayNumber without a leading zero (11, 2).
        case .calendarDate: ["year", "month", "day", "monthNumber", "dayNumber"]
        case .dateTime, .dateTimeKST, .dateTimeUTC: ["date", "time"]
        case .dateTimeOffset: ["date", "time", "offset"]
        case .progressCompareHeading: ["before", "after"]
        case .progressLatest: ["kind"]
        case .progressReordered: ["older", "newer"]
        case .progressSameInterview: ["term"]
        case .progressKindsDiffer: ["before", "after"]
        case .progressOnlyIn: ["side"]
        case .progressPointsOfMax: ["change"]
        case .progressTrendHeading: ["count"]
        case .progressBucket: ["size"]
        case .progressMore: ["count"]
        case .statusMaintenanceUntil: ["until"]
        case .checkAccepted: ["total"]
        case .checkDecoded: ["term", "available", "sections"]
        case .authSignedInAs: ["url", "member"]
        case .authLoggedIn: ["url", "member", "profile"]
        case .authMember: ["name", "email", "id"]
        case .authTokenExpires: ["token", "at", "remaining"]
        case .authTokenExpiryUnknown: ["token"]
        case .authExpiresIn: ["time"]
        case .authExpiredAgo: ["time"]
        case .authSeconds: ["count"]
        case .authMinutes: ["count"]
        case .authHours: ["count"]
        case .authSignedOut: ["profile"]
        case .authNotSignedIn: ["profile"]
        case .helpDefault: ["value"]
        case .helpValues: ["values"]
        case .helpSeeSubcommand: ["command"]
        case .helpSeeTopic: ["command"]
        case .detailRefusalInvalidMethod: ["value"]
        case .detailRefusalUseOneOf: ["values"]
        case .detailRefusalHeaderFormat: ["value"]
        case .detailRefusalHeaderLineBreak: ["value"]
        case .detailRawNotOnBase: ["baseURL"]
        case .detailRawNotAPath: ["value"]
        case .detailRawDotSegment: ["segment"]
        case .detailRefusalHeaderReserved: ["value"]
        case .detailRefusalInputTooLarge: ["path", "size"]
        case .detailRefusalInputUnreadable: ["path", "detail"]
        case .detailRefusalInputProblem: ["path", "detail"]
        case .detailRefusalCACertProblem: ["path", "detail"]
        case .detailRefusalCannotBeRead: ["detail"]
        case .detailRefusalInternal: ["detail"]
        case .detailRefusalNotChanged: ["detail"]
        case .detailRefusalFixByHand: ["path"]
        case .detailRefusalCouldNotWrite: ["path", "detail"]
        case .detailRefusalCannotRead: ["path"]
        case .detailRefusalCannotCreate: ["path", "detail"]
        case .detailRefusalUnknownSetting: ["name"]
        case .detailRefusalInvalidProfile: ["value"]
        case .detailRefusalNoProfile: ["value", "path"]
        case .detailRefusalAddProfileFirst: ["value"]
        case .detailRefusalInvalidLanguage: ["value", "values", "last"]
        case .detailRefusalInvalidBaseURLSetting: ["value", "detail"]
        case .detailRefusalGiveURL: ["url"]
        case .detailRefusalCannotSet: ["name"]
        case .detailRefusalSettable: ["names", "name"]
        case .detailRefusalJUnitCannotWrite: ["detail"]
        case .detailRefusalJUnitCouldNotWrite: ["detail"]
        case .detailRefusalSignInCheckFailed: ["member", "profile", "detail"]
        case .detailRefusalNotSignedInTo: ["url", "profile"]
        case .detailRefusalCannotReadStdin: ["detail"]
        case .detailRefusalCannotReadTerminal: ["detail"]
        case .detailRefusalCannotTurnOffEcho: ["detail"]
        case .detailRefusalInvalidProfileFlag: ["value"]
        case .detailRefusalInvalidBaseURLFlag: ["value", "reason"]
        case .detailRefusalInsecureBaseURLFlag: ["value", "reason"]
        case .detailRefusalInvalidBaseURLVariable: ["value", "reason"]
        case .detailRefusalInsecureBaseURLVariable: ["value", "reason"]
        case .detailRefusalBaseURLInFile: ["path", "line", "value", "reason"]
        case .detailBaseURLInsecure: ["host"]
        case .detailRefusalMeantURL: ["url"]
        case .detailRefusalUseURLSuchAs: ["url"]
        case .detailRefusalInvalidRetries: ["value", "max"]
        case .detailRefusalDurationZero: ["flag", "value"]
        case .detailRefusalInvalidCacheSize: ["value"]
        case .detailRefusalCacheUnusable: ["detail"]
        case .detailRefusalCouldNotRemoveMany: ["count", "path"]
        case .detailRefusalCouldNotRemove: ["path"]
        case .detailRefusalCheckPermissions: ["path"]
        case .detailRefusalInvalidLink: ["detail"]
        case .detailRefusalBatchStopped: ["detail", "count"]
        case .detailRefusalLink: ["detail"]
        case .detailRefusalLatestNone: ["count"]
        case .detailRefusalCannotWriteOutput: ["detail"]
        case .detailSharedFolderOtherUser, .detailSharedFolderNotRegular, .detailSharedFolderHardLinked, .detailSharedFolderSymlink: ["path"]
        case .configSavedBaseURL: ["value", "profile", "path"]
        case .detailCredentialsSymlink: ["path"]
        case .detailCredentialsCannotRead: ["path", "detail"]
        case .detailCredentialsNotRegular: ["path"]
        case .detailCredentialsOtherUser: ["path", "uid"]
        case .detailCredentialsTooLarge: ["path"]
        case .detailCredentialsInvalid: ["path", "detail"]
        case .detailCredentialsMode: ["path", "mode"]
        case .detailCredentialsFolderMode: ["path", "mode"]
        case .detailCredentialsNotDirectory: ["path"]
        case .detailCannotLock: ["path", "detail"]
        case .detailSignInChanged: ["profile", "now", "was"]
        case .progressLeftOut: ["message", "status", "code"]
        case .errorTooFewFetched: ["found", "count"]
        case .detailCredentialsCannotOpen: ["path", "detail"]
        case .detailCredentialsStillLocked: ["path", "seconds"]
        case .detailCredentialsDeleteAndSignIn: ["command"]
        case .detailCredentialsChmod: ["mode", "path"]
        case .usageRefreshAlone: ["flag"]
        case .checkServiceAt: ["url"]
        case .configFileNotUsed: ["error", "help"]
        case .detailRefusalInvalidColor: ["value"]
        case .detailConfigColor: ["value"]
        case .cacheFrom: ["source"]
        case .cacheBytes: ["count"]
        case .cacheFreshLimitValue: ["hours"]
        case .syncSummary: ["done", "total", "time", "downloaded", "unchanged", "requests", "size"]
        case .syncSummaryFailed: ["done", "total", "failed", "time", "downloaded", "unchanged", "requests", "size"]
        case .syncResumed: ["count"]
        case .cacheWasEmpty: ["folder"]
        case .cacheRemovedOne: ["size", "folder"]
        case .cacheRemoved: ["count", "size", "folder"]
        case .cacheRemovedUnread: ["size", "folder"]
        case .pageReportAbout: ["interview"]
        case .pageKind: ["kind"]
        case .pageKindOther: ["code"]
        case .pageWithLevel: ["interview", "level"]
        case .pageLevelOther: ["level"]
        case .pageTakenOn: ["interview", "date"]
        case .pageExported: ["time"]
        case .pageReference: ["term"]
        case .pageUnknownStatus: ["code"]
        case .pageAheadOf: ["percentile"]
        case .pageTitleSuffix: ["headline"]
        case .pageDateTime: ["day", "month", "year", "monthNumber", "dayNumber", "time", "zone"]
        case .pageDay: ["day", "month", "year", "monthNumber", "dayNumber"]
        case .pageTrendAboutSpan: ["count", "from", "to"]
        case .pageTrendAboutDay: ["count", "date"]
        case .pageTrendAboutUndated: ["count"]
        case .pageCompareHeading: ["before", "after"]
        case .usageUnknownOption: ["option"]
        case .usageDidYouMean: ["suggestion", "help"]
        case .usageSeeHelp: ["help"]
        case .usageMissingValue: ["option"]
        case .usageBadChoice: ["value", "option", "choices"]
        case .usageBadValue: ["value", "option"]
        case .usageFlagTakesNoValue: ["option", "value"]
        case .usageBadTerm: ["value"]
        case .usageBadArgument: ["value", "name"]
        case .usageBadArgumentChoice: ["value", "name", "choices"]
        case .usageUnexpectedArgument: ["argument"]
        case .usageMissingArgument: ["name"]
        case .usageUnknownCommand: ["command"]
        case .usageNoHelpTopic: ["word"]
        case .usageHelpTopics: ["topics", "commands"]
        case .helpWordIgnored: ["word", "page"]
        case .hintTermLatest, .hintCompareLatest: ["help"]
        case .errorForbiddenTerm, .errorNotFoundTerm, .errorAnalysisFailed, .errorTermContext, .errorPending: ["term"]
        case .errorCannotReach: ["detail"]
        case .errorServer: ["status", "detail"]
        case .errorNotCached: ["detail"]
        case .errorMaxTime: ["limit"]
        case .errorInterruptedBatch: ["fetched", "total"]
        case .errorInterruptedBatchFailed: ["fetched", "total", "failed"]
        case .errorInterruptedStream: ["fetched"]
        case .errorInterruptedStreamFailed: ["fetched", "failed"]
        case .promptRefreshToken: ["baseURL", "profile"]
        case .hintPipeToken: ["command"]
        case .hintNewRefreshToken: ["command"]
        case .noteNoSuchSection: ["term", "kind", "sections"]
        case .noteNoSuchSections: ["term", "kind", "sections"]
        case .pendingAfterWaiting: ["waited"]
        case .waitProgress: ["term", "waited"]
        case .waitedSeconds, .waitedMinutes, .waitedHours: ["count"]
        case .batchFailure: ["message", "status", "code"]
        case .batchFailureCount: ["count", "name"]
        case .batchSummary: ["succeeded", "done", "time"]
        case .batchSummaryFailed: ["succeeded", "done", "failed", "reasons", "time"]
        case .batchProgress: ["done", "failed"]
        case .batchProgressOf: ["done", "total", "failed"]
        case .batchProgressRate: ["rate"]
        case .hintSignIn: ["command"]
        case .hintDropBaseURL: ["stored", "profile"]
        case .hintUnsetBaseURL: ["stored", "profile"]
        case .hintSetBaseURL: ["command", "profile"]
        case .hintUseStoredOrSignIn: ["use", "baseURL", "command"]
        case .usageParallelRange: ["max"]
        case .usageJSONIsFormat: ["format"]
        case .usageJSONLWithFormat: ["format"]
        case .usageCompareLatestTwo: ["count"]
        case .usageCompareExactlyTwo: ["count"]
        case .usageBadSince: ["value"]
        case .usageBadUntil: ["value"]
        case .usageSinceAfterUntil: ["since", "until"]
        case .usageTrendLast: ["last"]
        case .usageTrendParallel: ["parallel"]
        case .kindOther, .failureOther: ["code"]
        case .programLevelBasic, .programLevelAdvanced, .programLevelOther: ["level"]
        case .tableCalendarDate: ["year", "month", "day"]
        case .sentence: ["text"]
        case .lineWithHint: ["message", "hint"]
        case .pageAboutExported: ["about", "exported"]
        case .sectionWithKey: ["key", "heading"]
        case .listFooterNext: ["shown", "page", "pages", "total", "command"]
        case .listFooterLast: ["shown", "page", "pages", "total"]
        case .progressBestValue: ["value", "term"]
        case .helpWithNotes: ["text", "notes"]
        case .helpNotesAlone: ["notes"]
        case .helpTwoNotes: ["first", "second"]
        case .helpTermWord: ["name"]
        case .pageShareAndPercentile: ["top", "ahead"]
        case .errorMaintenanceUntil: ["until", "detail"]
        case .errorMaintenance, .errorRefusing: ["detail"]
        case .usageJQInvalid: ["reason"]
        case .errorJQUnavailable: ["reason"]
        case .errorJQFailed: ["reason"]
        case .errorJQNotJSON: ["reason"]
        case .errorJQTooLarge: ["limit"]
        case .usageJQWithFormat: ["format"]
        case .usagePaginateGET: ["method"]
        case .errorPaginateWrongPage: ["requested", "path", "page"]
        case .authSwitched: ["profile", "path"]
        case .authSwitchEnvironmentWins: ["current", "profile"]
        case .errorUnknownProfile: ["profile"]
        case .hintKnownProfiles: ["profiles"]
        case .hintSavedBaseURLRefused: ["url", "path", "profile", "command"]
        case .watchStarted: ["terms", "timeout"]
        case .watchReady: ["term", "company", "kind"]
        case .watchAlreadyReady: ["term", "company", "kind"]
        case .watchFailed: ["term"]
        case .watchAlreadyFailed: ["term"]
        case .watchExecFailed: ["term", "program", "status"]
        case .watchExecSignalled: ["term", "program", "signal"]
        case .watchExecNotStarted: ["program", "detail"]
        case .watchExecNotFound: ["program"]
        case .searchNoMatch: ["query"]
        case .searchSummary: ["count", "reports"]
        // usage
        case .errorNoProfileNoFile, .errorNoProfileNoneDefined: ["path", "profile", "option"]
        case .errorNoProfile: ["path", "profile", "option", "profiles"]
        case .hintAddProfileTable: ["profile"]
        case .errorTransportCannotStart: ["detail"]
        case .errorInContext: ["context", "text"]
        case .usageUnreadableArguments: ["arguments"]
        case .linkNoValue, .linkGivenTwice: ["name"]
        // networds: English says libcurl's own text, another language the reason by its key.
        case .detailCurlFailure: ["curl", "reason"]
        case .systemOther: ["reason", "code"]
        case .refusalCouldNotWriteOutput: ["detail"]
        case .errorCouldNotWriteStdout, .errorCouldNotWriteStderr: ["detail"]
        default: Self.placeholdersFromEnglish.contains(self) || rawValue.hasPrefix("detail") ? Words.placeholders(EnglishCatalog.text(self)) : []
        }
    }

    /// Messages whose placeholders are simply those of their English form.
    static let placeholdersFromEnglish: Set<Message> = [.configSetDone, .configSetBaseURL, .configCredentialsSignedIn, .listPastLastPage, .termsCannotRead, .termsIsDirectory, .termsReadFailed, .termsNotATerm]
}
