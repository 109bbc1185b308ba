import Bezel
import CProcess
#if canImport(Glibc)
import Glibc
#endif

/// Decodes an untrusted image file in a short-lived, confined helper process
/// (`bezel-image-decoder`, `ImageDecoderService`) and takes back its pixels, so a decoder's
/// crash, hang or appetite for memory refuses that one image instead of taking the kiosk down
/// (issue 37: librsvg aborts the whole process on an SVG text of `font-size="1e30"`, an SVG's
/// embedded image bypasses every size check, a PNG chunk can ask libpng for 2 GB, and a
/// 200,000-span SVG keeps a core busy for 25 s).
///
/// The helper gets the file as its standard input (it opens nothing itself), sends the
/// pixels on its standard output (`DecodedImageStream`) and is bounded by:
/// - **time**: `ImageLoader.decodeTimeLimit` of wall-clock time, then SIGKILL; also a CPU
///   limit (RLIMIT_CPU) of the same, rounded up;
/// - **memory**: RLIMIT_DATA of `memoryLimit(forPixels:)`;
/// - **confinement**: no new privileges, not dumpable, no core files, no file writes
///   (RLIMIT_FSIZE 0), dies with the app, and a seccomp filter refusing sockets, exec, new
///   processes, ptrace and every write to the file system (`DecoderConfinement`).
///
/// Cost: one process start a file. Measured here (release build, the helper run 50 times
/// with a CI build busy beside it): 10 ms for a 48x48 PNG, 19 ms for a 240x160 JPEG
/// (libturbojpeg is opened each time). That is why the app's own images (`Image(named:)`,
/// Bezel's assets) are decoded in-process.
@MainActor
enum IsolatedImageDecoder {
    /// The helper's executable name, looked for beside the app (`helperPath`).
    static let helperName = "bezel-image-decoder"

    /// Address space the helper needs besides the decoded image: its libraries' data, GLib,
    /// fontconfig and librsvg's tree for an ordinary SVG (measured: a 40-element icon peaks at
    /// 21 MiB of data; 64 leaves room for a complex drawing).
    static let baseMemory = 64 * 1_048_576

    /// The helper's RLIMIT_DATA for images of at most `pixels` pixels: the base plus three
    /// times the decoded image (the image, the decoder's own rows or a filter's intermediate
    /// surface, and a copy on the way out).
    static func memoryLimit(forPixels pixels: Int) -> Int {
        let image = pixels > (Int.max - baseMemory) / 12 ? Int.max - baseMemory : pixels * 12
        return baseMemory + image
    }

    /// The helper found, or nil; looked up once: `BEZEL_IMAGE_DECODER` when set (and nothing
    /// else), otherwise beside the running program, then /usr/local/lib/bezel, /usr/lib/bezel.
    static var helperPath: String? {
        if let found = lookedUp { return found.path }
        var candidates: [String] = []
        if let explicit = chosenPath ?? Environment.value("BEZEL_IMAGE_DECODER"), !explicit.isEmpty {
            // The operator's choice is the only one looked at.
            candidates = [explicit]
        } else {
            if let program = AssetLocator.executablePath(), let slash = program.lastIndex(of: "/") {
                candidates.append(program[..<slash] + "/" + helperName)
            }
            candidates += ["/usr/local/lib/bezel/" + helperName, "/usr/lib/bezel/" + helperName]
        }
        let path = candidates.first { access($0, X_OK) == 0 && !ResourceBundle.isDirectory($0) }
        lookedUp = Lookup(path: path, candidates: candidates)
        return path
    }
    private struct Lookup { var path: String?; var candidates: [String] }
    private static var lookedUp: Lookup?
    /// Where the lookup went (for the report when no helper is found).
    static var candidatesLookedAt: [String] { lookedUp?.candidates ?? [] }
    /// A helper chosen in code, looked at instead of `BEZEL_IMAGE_DECODER` (tests).
    static var chosenPath: String? {
        didSet { forgetHelperPath() }
    }

    /// Forgets the lookup and the report of a missing helper (tests that point
    /// `BEZEL_IMAGE_DECODER` elsewhere).
    static func forgetHelperPath() {
        lookedUp = nil
        ImageLoader.missingHelperReported = false
    }

    /// Decodes the file at `path` in the helper at `helper`: an SVG at `size` points (nil: its
    /// own) times `scale`; anything over `maximumPixels` is refused.
    static func decode(path: String, helper: String, size: Size?, scale: Double, maximumPixels: Int,
                       timeLimit: Double) throws(CairoError) -> ImageBuffer {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw CairoError("\(path): \(String(cString: strerror(errno)))") }
        defer { close(file) }
        var output: [Int32] = [-1, -1], errors: [Int32] = [-1, -1]
        guard pipe2(&output, O_CLOEXEC) == 0 else { throw CairoError("\(path): no pipe for the image decoder: \(String(cString: strerror(errno)))") }
        guard pipe2(&errors, O_CLOEXEC) == 0 else {
            close(output[0]); close(output[1])
            throw CairoError("\(path): no pipe for the image decoder: \(String(cString: strerror(errno)))")
        }
        defer { close(output[0]); close(errors[0]) }
        // Only the app's ends are non-blocking (a pipe's two ends are separate open files).
        _ = fcntl(output[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(errors[0], F_SETFL, O_NONBLOCK)

        let cpuSeconds = Int(timeLimit.rounded(.up))
        var arguments = [helper, "--name", path, "--max-pixels", String(maximumPixels),
                         "--memory-bytes", String(memoryLimit(forPixels: maximumPixels)), "--cpu-seconds", String(cpuSeconds),
                         "--scale", String(scale)]
        if let size { arguments += ["--width", String(size.width), "--height", String(size.height)] }
        let (pid, spawnError) = spawn(helper, arguments: arguments, input: file, output: output[1], errors: errors[1])
        close(output[1])
        close(errors[1])
        guard spawnError == 0 else {
            throw CairoError("\(path): the image decoder \(helper) could not be started: \(String(cString: strerror(spawnError)))")
        }

        let reader = DecodedImageReader(name: path, maximumPixels: maximumPixels)
        let deadline = monotonicSeconds() + timeLimit
        var stderrTail: [UInt8] = []
        var open = (output: true, errors: true)
        var timedOut = false
        while open.output || open.errors {
            let remaining = deadline - monotonicSeconds()
            if remaining <= 0 { timedOut = true; break }
            var fds = [pollfd(fd: open.output ? output[0] : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: open.errors ? errors[0] : -1, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, Int32(min(remaining * 1000, 60_000).rounded(.up)))
            if ready < 0 && errno != EINTR { break }
            if open.output && fds[0].revents != 0 { open.output = reader.read(from: output[0]) }
            if open.errors && fds[1].revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = Glibc.read(errors[0], &chunk, chunk.count)
                if count > 0 {
                    stderrTail = Array((stderrTail + chunk[..<count]).suffix(DecodedImageStream.maximumMessageSize))
                } else if count == 0 || errno != EAGAIN {
                    open.errors = false
                }
            }
            if reader.failed != nil { break }
        }
        // Whatever happened, the helper is done: one that answered, or sent nonsense, or ran
        // out of time is stopped (SIGKILL to an exited child is harmless until it is reaped);
        // one that closed its output without answering is dying, and its status says of what.
        let answered = reader.isComplete || reader.refusal != nil || reader.failed != nil
        let exit = reap(pid, kill: timedOut || answered, deadline: deadline)
        if timedOut {
            throw CairoError("\(path): decoding took longer than \(timeLimit) s, stopped (ImageLoader.decodeTimeLimit)")
        }
        if let refusal = reader.refusal { throw refusal }
        if let failure = reader.failed { throw CairoError("\(path): the image decoder sent \(failure); refused") }
        if let image = reader.image, reader.isComplete { return image }
        throw CairoError("\(path): \(describe(exit, helper: helper))\(lastLine(stderrTail))")
    }

    /// How the helper ended without sending an answer.
    private static func describe(_ status: Int32, helper: String) -> String {
        if bezel_signaled(status) != 0 {
            let signal = bezel_terminating_signal(status)
            let name = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
            let hint = signal == SIGXCPU ? " (its CPU time limit)" : signal == SIGSYS ? " (a forbidden system call)" : ""
            return "the image decoder stopped on signal \(signal), \(name)\(hint), before finishing; refused"
        }
        if bezel_exited(status) != 0 {
            return "the image decoder exited with status \(bezel_exit_status(status)) before finishing; refused"
        }
        return "the image decoder ended without an answer; refused"
    }

    /// ": <the last line the helper wrote on standard error>", or nothing.
    private static func lastLine(_ bytes: [UInt8]) -> String {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(trimmed).filter { !$0.isEmpty }
        // A Rust panic's reason is on the line that names the panic, above its backtrace notes.
        let line = lines.last { $0.contains("panicked") } ?? lines.last { !$0.hasPrefix("note:") && !$0.hasPrefix("stack backtrace") }
        return line.map { " (it said: \($0.prefix(300)))" } ?? ""
    }

    /// posix_spawn with the helper's descriptors in place, every other one closed, no signal
    /// blocked (the app's main loop blocks SIGINT and SIGTERM) and default dispositions.
    private static func spawn(_ helper: String, arguments: [String], input: Int32, output: Int32, errors: Int32) -> (pid_t, Int32) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        _ = bezel_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGCHLD, SIGXCPU, SIGXFSZ] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // The app's environment (fontconfig's, the locale), without Swift's crash backtracer:
        // it would try to start swift-backtrace, which the filter refuses, after a delay.
        var environment: [UnsafeMutablePointer<CChar>?] = [strdup("SWIFT_BACKTRACE=enable=no")]
        var entry = Glibc.environ
        while let variable = entry.pointee {
            if strncmp(variable, "SWIFT_BACKTRACE=", 16) != 0 { environment.append(strdup(variable)) }
            entry += 1
        }
        environment.append(nil)
        defer { for pointer in environment { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, helper, &actions, &attributes, &argv, &environment)
        return (pid, status)
    }

    /// Waits for the helper to end and returns its status: stopped at once when `stop`,
    /// otherwise given until `deadline` to exit by itself.
    private static func reap(_ pid: pid_t, kill stop: Bool, deadline: Double) -> Int32 {
        var status: Int32 = 0
        if !stop {
            while monotonicSeconds() < deadline {
                let ended = waitpid(pid, &status, WNOHANG)
                if ended == pid { return status }
                if ended < 0 && errno != EINTR { return status }
                _ = poll(nil, 0, 2)
            }
        }
        _ = kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// Without leading and trailing spaces and tabs.
private func trimmed(_ text: Substring) -> Substring {
    let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
    let end = text.lastIndex { $0 != " " && $0 != "\t" }.map { text.index(after: $0) } ?? start
    return text[start..<max(start, end)]
}
