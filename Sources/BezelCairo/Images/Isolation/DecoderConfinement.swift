import CProcess
#if canImport(Glibc)
import Glibc
#endif

/// What `bezel-image-decoder` does to itself before it reads a byte of the file: the limits
/// of an untrusted decode (`IsolatedImageDecoder` describes them). Each step that fails is
/// named on standard error; the decode goes on with the others (a kernel without seccomp
/// still gets the resource limits).
@MainActor
enum DecoderConfinement {
    /// Applies every limit; returns the steps that could not be taken.
    static func apply(memoryBytes: Int, cpuSeconds: Int) -> [String] {
        var missing: [String] = []
        // Descriptors the app leaked (one without O_CLOEXEC), should posix_spawn not have closed them.
        if bezel_close_from(3) != 0 { missing.append("close_range") }
        func limit(_ resource: __rlimit_resource, _ value: Int, hard: Int? = nil, _ name: String) {
            var limits = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(hard ?? value))
            if setrlimit(__rlimit_resource_t(resource.rawValue), &limits) != 0 { missing.append(name) }
        }
        limit(RLIMIT_CORE, 0, "RLIMIT_CORE")
        // Writing to any file (stdout is a pipe, which this does not limit) ends the process.
        limit(RLIMIT_FSIZE, 0, "RLIMIT_FSIZE")
        limit(RLIMIT_DATA, max(memoryBytes, 16 * 1_048_576), "RLIMIT_DATA")
        // SIGXCPU at the soft limit, SIGKILL a second later.
        limit(RLIMIT_CPU, max(cpuSeconds, 1), hard: max(cpuSeconds, 1) + 1, "RLIMIT_CPU")
        if bezel_die_with_parent() != 0 { missing.append("PR_SET_PDEATHSIG") }
        if bezel_not_dumpable() != 0 { missing.append("PR_SET_DUMPABLE") }
        if bezel_no_new_privileges() != 0 { missing.append("PR_SET_NO_NEW_PRIVS") }
        if let reason = SeccompFilter.install() { missing.append("seccomp (\(reason))") }
        return missing
    }
}

/// The decoder's system-call filter, through libseccomp (Debian's libseccomp2, on every
/// system apt runs on; opened here only, so the app never maps it). A deny list: image
/// decoding needs memory, threads (librsvg's filters), reading fonts and writing to its pipe;
/// it never needs the network, another program, a new process, another process's memory or
/// to change a file. Denied calls fail with EPERM, so a library that tries one reports an
/// error instead of dying.
@MainActor
enum SeccompFilter {
    // libseccomp 2.5's ABI (seccomp.h).
    private typealias Initialize = @convention(c) (UInt32) -> OpaquePointer?
    private typealias ResolveName = @convention(c) (UnsafePointer<CChar>?) -> Int32
    private typealias RuleAddArray = @convention(c) (OpaquePointer?, UInt32, Int32, UInt32, UnsafeRawPointer?) -> Int32
    private typealias Load = @convention(c) (OpaquePointer?) -> Int32
    private typealias Release = @convention(c) (OpaquePointer?) -> Void

    /// `struct scmp_arg_cmp`.
    private struct ArgumentComparison {
        var argument: UInt32
        var operation: UInt32
        var first: UInt64
        var second: UInt64
    }

    private static let allow: UInt32 = 0x7FFF_0000
    private static func error(_ code: Int32) -> UInt32 { 0x0005_0000 | UInt32(code & 0xFFFF) }
    /// SCMP_CMP_MASKED_EQ: (argument & first) == second.
    private static let maskedEqual: UInt32 = 7

    /// Calls nothing in an image decoder has reason to make.
    static let denied = [
        "socket", "socketpair", "connect", "bind", "listen", "accept", "accept4",
        "execve", "execveat", "fork", "vfork", "ptrace", "process_vm_readv", "process_vm_writev",
        "kill", "mount", "umount2", "pivot_root", "chroot", "unshare", "setns",
        "unlink", "unlinkat", "rename", "renameat", "renameat2", "mkdir", "mkdirat", "rmdir",
        "link", "linkat", "symlink", "symlinkat", "chmod", "fchmod", "fchmodat", "chown", "fchown",
        "fchownat", "lchown", "truncate", "creat", "mknod", "mknodat", "utimensat",
    ]

    /// Installs the filter; the reason when it could not be.
    static func install() -> String? {
        guard let library = dlopen("libseccomp.so.2", RTLD_NOW | RTLD_LOCAL) else { return "libseccomp.so.2 not found" }
        func symbol<F>(_ name: String, _ type: F.Type) -> F? { dlsym(library, name).map { unsafeBitCast($0, to: type) } }
        guard let initialize = symbol("seccomp_init", Initialize.self), let resolve = symbol("seccomp_syscall_resolve_name", ResolveName.self),
              let add = symbol("seccomp_rule_add_array", RuleAddArray.self), let load = symbol("seccomp_load", Load.self),
              let release = symbol("seccomp_release", Release.self) else { return "libseccomp lacks its 2.x functions" }
        guard let filter = initialize(allow) else { return "seccomp_init failed" }
        defer { release(filter) }
        func rule(_ name: String, _ action: UInt32, _ comparisons: [ArgumentComparison] = []) -> Bool {
            let number = resolve(name)
            // A call this architecture does not have (open on aarch64) needs no rule.
            guard number >= 0 else { return true }
            return comparisons.withUnsafeBytes { add(filter, action, number, UInt32(comparisons.count), $0.baseAddress) } == 0
        }
        for name in denied where !rule(name, error(EPERM)) { return "the rule for \(name) was refused" }
        // New processes: clone without CLONE_THREAD. clone3 passes its flags in memory a
        // filter cannot read: ENOSYS makes glibc fall back to clone.
        let cloneThread = UInt64(0x0001_0000)
        guard rule("clone", error(EPERM), [ArgumentComparison(argument: 0, operation: maskedEqual, first: cloneThread, second: 0)]),
              rule("clone3", error(ENOSYS)) else { return "the rules for clone were refused" }
        // Opening for writing, creating or truncating: O_WRONLY 1, O_RDWR 2, O_CREAT 0x40,
        // O_TRUNC 0x200 (the same on x86-64 and aarch64). open's flags are its second
        // argument, openat's its third; openat2's are in memory (ENOSYS: glibc falls back).
        for (call, flagsArgument) in [("open", UInt32(1)), ("openat", UInt32(2))] {
            for flag in [UInt64(1), 2, 0x40, 0x200] {
                guard rule(call, error(EPERM), [ArgumentComparison(argument: flagsArgument, operation: maskedEqual, first: flag, second: flag)]) else {
                    return "the rules for \(call) were refused"
                }
            }
        }
        guard rule("openat2", error(ENOSYS)) else { return "the rule for openat2 was refused" }
        guard load(filter) == 0 else { return "seccomp_load failed" }
        return nil
    }
}
