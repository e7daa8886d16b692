import Domain
import Terminal

// The Terminal layer's file problems as the catalog says them: a key and its values, each path
// printable on one line, each errno said by the catalog (`Detail.Value.system`).

extension AtomicFile.Refusal {
    /// What is in the way, as a detail.
    public var detail: Detail {
        func at(_ key: Detail.Key, _ path: String) -> Detail { Detail(key, ["path": .data(PrintableText.oneLine(path))]) }
        return switch self {
        case .otherUsersLink(let path): at(.detailSharedFolderSymlink, path)
        case .linkLoop(let path): at(.detailFileLinkLoop, path)
        case .otherUsersFile(let path): at(.detailSharedFolderOtherUser, path)
        case .notRegular(let path): at(.detailSharedFolderNotRegular, path)
        case .hardLinked(let path): at(.detailSharedFolderHardLinked, path)
        case .emptyPath: Detail(.detailEmptyPath)
        case .directory(let path): at(.detailFileIsDirectory, path)
        case .namesDirectory(let path): at(.detailFileNamesDirectory, path)
        case .notDirectory(let path): at(.detailFileNotDirectory, path)
        case .system(let path, let code):
            Detail(.detailFileSystem, ["path": .data(PrintableText.oneLine(path)), "detail": .system(code)])
        }
    }
}

extension AtomicFile.WriteError {
    /// What failed, as a detail: the stage, the path and the system's error code.
    public var detail: Detail {
        let key: Detail.Key
        switch stage {
        case .create: key = .detailFileCannotCreateIn
        case .write: key = .detailFileCannotWrite
        case .replace: key = .detailFileCannotReplace
        case .syncDirectory: key = .detailFileCannotSync
        case .refused(let refusal): return Detail(.detailFileRefused, ["detail": .detail(refusal.detail)])
        }
        return Detail(key, ["path": .data(PrintableText.oneLine(path)), "detail": .system(code)])
    }
}

extension FileLock.Failure {
    /// Why the lock file at `path` could not be taken within `timeout`, as a detail.
    public func detail(path: String, timeout: Duration) -> Detail {
        switch self {
        case .open(let code): Detail(.detailCredentialsCannotOpen, ["path": .data(path), "detail": .system(code)])
        case .lock(let code): Detail(.detailCannotLock, ["path": .data(path), "detail": .system(code)])
        case .timedOut: Detail(.detailCredentialsStillLocked, ["path": .data(path), "seconds": .data("\(timeout.components.seconds)")])
        }
    }
}
