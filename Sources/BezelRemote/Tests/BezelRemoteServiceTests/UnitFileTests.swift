import Testing
#if canImport(Glibc)
import Glibc
#endif

/// deploy/systemd/bezel-remote.service checked by systemd itself: `systemd-analyze verify`
/// accepts it (with ExecStart pointed at the bezel-remote built here) and `systemd-analyze
/// security` rates its exposure no higher than the app's own unit's (issue 34 asks for "as
/// low as the app's").
@Suite struct UnitFileTests {
    static let repository = "/" + #filePath.split(separator: "/").dropLast(5).joined(separator: "/")

    static func run(_ command: String) -> (output: String, status: Int32) {
        guard let pipe = popen(command + " 2>&1", "r") else { return ("", -1) }
        var output = "", buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), pipe) != nil { output += String(cString: buffer) }
        return (output, pclose(pipe))
    }

    static func exposure(_ unit: String) -> Double? {
        let line = run("systemd-analyze security --offline=true \(unit)").output.split(separator: "\n")
            .first { $0.contains("Overall exposure level") }
        return line.flatMap { Double($0.split(separator: ":").last?.split(separator: " ").first ?? "") }
    }

    @Test func theUnitVerifiesAndIsExposedNoMoreThanTheApps() throws {
        let binary = Self.repository + "/Sources/BezelRemote/.build/debug/bezel-remote"
        try #require(access(binary, X_OK) == 0, "bezel-remote is built")
        let directory = "/tmp/bezel-remote-unit-\(getpid())"
        defer { _ = Self.run("rm -rf \(directory)") }
        let made = Self.run("mkdir -p \(directory) && sed 's|ExecStart=/usr/local/bin/bezel-remote|ExecStart=\(binary)|' "
                            + "\(Self.repository)/deploy/systemd/bezel-remote.service > \(directory)/bezel-remote.service")
        try #require(made.status == 0, "\(made.output)")
        let verify = Self.run("systemd-analyze verify \(directory)/bezel-remote.service")
        #expect(verify.status == 0 && verify.output.allSatisfy(\.isWhitespace), "\(verify.output)")
        let remote = try #require(Self.exposure("\(directory)/bezel-remote.service"))
        let app = try #require(Self.exposure("\(Self.repository)/deploy/systemd/bezel-demo.service"))
        #expect(remote <= app, "bezel-remote.service is rated \(remote), the app's unit \(app)")
        print("RESULT remote_unit_security_exposure \(remote) (the app's unit: \(app))")
    }
}
