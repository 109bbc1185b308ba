#if canImport(Glibc)
import Glibc
#endif

/// A worker started from this program (`/proc/self/exe`), read line by line from its
/// standard output with a time limit per line; its standard error goes where ours goes.
final class WorkerProcess {
    let pid: pid_t
    private let output: Int32
    private var pending: [UInt8] = []
    private var ended = false
    /// Whether the last `readLine` gave up waiting.
    private(set) var timedOut = false

    init?(arguments: [String]) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        close(fds[1])
        guard status == 0 else { close(fds[0]); return nil }
        self.pid = pid
        output = fds[0]
    }

    deinit { close(output) }

    /// The next line, or nil at the end of the output or after `timeout` seconds without one.
    func readLine(timeout: Double) -> String? {
        var waited = 0.0
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            if ended { return nil }
            var fd = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fd, 1, 1000)
            if ready == 0 {
                waited += 1
                if waited >= timeout { timedOut = true; return nil }
                continue
            }
            if ready < 0 { if errno == EINTR { continue }; ended = true; continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = read(output, &chunk, chunk.count)
            if count <= 0 { ended = true } else { pending += chunk[..<count] }
        }
    }

    /// Waits for the worker (stopping it first when `kill`); how it ended.
    func finish(kill stop: Bool) -> String {
        if stop { _ = kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        if signal != 0 { return "signal \(signal), \(strsignal(signal).map { String(cString: $0) } ?? "")" }
        return "exit status \((status >> 8) & 0xFF)"
    }
}
