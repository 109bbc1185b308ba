import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The main-thread event loop runs for real (epoll, timerfd, eventfd, signalfd, the dispatch
/// main queue) in a process of its own, `bezel-loop-check`: a loop that owns the main thread
/// and catches SIGTERM cannot run inside the test runner.
@Suite struct MainLoopTests {
    nonisolated static func checkerPath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        var path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // .build/<config>/BezelPackageTests.xctest (the binary itself on Linux)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        path = String(path[..<slash]) + "/bezel-loop-check"
        return access(path, X_OK) == 0 ? path : nil
    }

    @Test func mainLoopChecksPassInARealProcess() throws {
        let path = try #require(Self.checkerPath(), "bezel-loop-check is built beside the tests (swift build --build-tests)")
        // `timeout`: a loop that failed to stop must fail the test, not hang it.
        let (output, status) = runCommand("timeout 20 " + path)
        let failures = output.split(separator: "\n").filter { $0.hasPrefix("CHECK") && $0.contains(" FAIL") }
        #expect(failures.isEmpty, "\(failures)")
        #expect(output.contains("RESULT 6 passed, 0 failed"), "\(output)")
        #expect(status == 0)
    }
}
