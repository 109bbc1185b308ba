import Testing
@testable import BezelRemoteService
#if canImport(Glibc)
import Glibc
#endif

/// The tokens file and the rate limiter (issue 34's security part): bad files are refused with
/// a reason that never repeats a token; only exact tokens match; limits refill.
@Suite struct AccessTests {
    @Test func holdersAreFoundByTheirWholeTokenOnly() throws {
        let tokens = ServiceHarness.tokens
        #expect(tokens.holder(of: ServiceHarness.readToken) == AccessTokens.Holder(name: "wall", role: .read))
        #expect(tokens.holder(of: ServiceHarness.controlToken)?.role == .control)
        #expect(tokens.holder(of: String(ServiceHarness.controlToken.dropLast())) == nil)
        #expect(tokens.holder(of: ServiceHarness.controlToken + "x") == nil)
        #expect(tokens.holder(of: "") == nil)
    }

    @Test func badTokenFilesSayWhatIsWrongWithoutRepeatingTheToken() {
        func error(_ text: String) -> String? {
            do { _ = try AccessTokens(text); return nil } catch { return error.reason }
        }
        #expect(error("") == "no tokens: nobody could use the service")
        #expect(error("# only a comment\n") == "no tokens: nobody could use the service")
        #expect(error("admin bob 0123456789abcdef0123456789") == "line 1: role \"admin\" is not read or control")
        #expect(error("read bob short") == "line 1: the token of bob must be 24 to 256 printable ASCII characters without commas")
        #expect(error("read bob") == "line 1: expected \"read|control NAME TOKEN\"")
        #expect(error("read a 0123456789abcdef01234567\nread a 0123456789abcdef0123456x") == "line 2: a is named twice")
        #expect(error("read a 0123456789abcdef01234567\ncontrol b 0123456789abcdef01234567") == "line 2: b's token is another holder's")
        #expect(error("read bob 0123456789abcdef0123456789")?.contains("0123456789abcdef") != true)
    }

    @Test func aTokensFileOthersCanReadIsRefused() throws {
        let path = "/tmp/bezel-remote-tokens-\(getpid())"
        defer { unlink(path) }
        let file = fopen(path, "w")
        fputs("control ops 0123456789abcdef0123456789\n", file)
        fclose(file)
        chmod(path, 0o644)
        #expect(throws: AccessTokensError("the tokens file \(path) may be read by others (mode 644): chmod 600 it")) {
            try AccessTokens.load(path: path)
        }
        chmod(path, 0o600)
        #expect(try AccessTokens.load(path: path).holders == [AccessTokens.Holder(name: "ops", role: .control)])
        #expect(throws: AccessTokensError.self) { try AccessTokens.load(path: path + ".missing") }
    }

    @Test func theRateLimiterAllowsABurstThenItsRate() {
        let limiter = RateLimiter(perSecond: 10, burst: 5, maximumClients: 2)
        let start = ContinuousClock.now
        let allowed = (0..<8).filter { _ in limiter.allow("a", now: start) }.count
        #expect(allowed == 5)
        // A tenth of a second later one more is allowed, and another client has its own bucket.
        #expect(limiter.allow("a", now: start + .milliseconds(100)))
        #expect(!limiter.allow("a", now: start + .milliseconds(100)))
        #expect(limiter.allow("b", now: start))
        // A third client makes the limiter forget the oldest: memory stays bounded.
        #expect(limiter.allow("c", now: start + .milliseconds(200)))
    }
}
