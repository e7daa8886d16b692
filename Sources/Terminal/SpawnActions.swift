#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a `posix_spawn` child must not inherit: every descriptor of the parent from some number
/// on, closed in the child whatever thread opened it and whether or not it is close-on-exec.
public enum SpawnActions {
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    /// glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc module does
    /// not declare.
    private static let addCloseFrom: AddCloseFrom? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// Adds to `actions` the closing of every descriptor from `lowest` on: at once with
    /// `addclosefrom_np`, or (an older C library) each one /proc/self/fd lists now.
    public static func closeDescriptors(from lowest: Int32, in actions: inout posix_spawn_file_actions_t) {
        if let addCloseFrom, addCloseFrom(&actions, lowest) == 0 { return }
        guard let directory = opendir("/proc/self/fd") else { return }
        defer { closedir(directory) }
        let listing = dirfd(directory)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let descriptor = Int32(name), descriptor >= lowest, descriptor != listing {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
        }
    }
}
