#if canImport(Glibc)
import Glibc
#endif

/// Who may use the service: the tokens file, one holder a line,
///
///     # role  name        token
///     read    lobby-wall  8c1f0f3e6b2d4a…   (at least 24 characters)
///     control ops-alice   3e9a77d0c41f5b…
///
/// `read` sees (screenshots, the live view, trees, health, metrics); `control` also touches and
/// presses keys. The file must be readable by its owner alone (mode 0600 or 0400): a token
/// anyone on the device can read is no secret, so such a file is refused with a reason. Tokens
/// are compared in constant time and never logged; the holder's name is what logs and the
/// app's audit lines say.
public struct AccessTokens: Sendable {
    public enum Role: String, Sendable, Comparable {
        case read, control
        public static func < (a: Role, b: Role) -> Bool { a == .read && b == .control }
    }

    public struct Holder: Sendable, Equatable {
        public let name: String
        public let role: Role
    }

    /// The shortest token taken: 24 characters of `openssl rand -hex 16`'s 32 are already 96
    /// bits; shorter ones are refused as guessable.
    public static let shortestToken = 24
    public static let longestToken = 256

    private let entries: [(token: [UInt8], holder: Holder)]

    public var holders: [Holder] { entries.map(\.holder) }

    /// Tokens given directly (tests; the service reads a file).
    public init(_ lines: String) throws(AccessTokensError) {
        var entries: [(token: [UInt8], holder: Holder)] = []
        for (number, line) in lines.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = fields.first, !first.hasPrefix("#") else { continue }
            guard fields.count == 3 else { throw AccessTokensError("line \(number + 1): expected \"read|control NAME TOKEN\"") }
            guard let role = Role(rawValue: String(fields[0])) else {
                throw AccessTokensError("line \(number + 1): role \"\(fields[0].prefix(16))\" is not read or control")
            }
            let name = String(fields[1]), token = Array(fields[2].utf8)
            guard name.utf8.count <= 48, name.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else {
                throw AccessTokensError("line \(number + 1): a name is at most 48 printable characters")
            }
            guard token.count >= Self.shortestToken, token.count <= Self.longestToken,
                  token.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ",") }) else {
                // The token itself is not repeated: an error message may end up in a log.
                throw AccessTokensError("line \(number + 1): the token of \(name) must be \(Self.shortestToken) to \(Self.longestToken) printable ASCII characters without commas")
            }
            if entries.contains(where: { $0.holder.name == name }) { throw AccessTokensError("line \(number + 1): \(name) is named twice") }
            if entries.contains(where: { $0.token == token }) { throw AccessTokensError("line \(number + 1): \(name)'s token is another holder's") }
            entries.append((token, Holder(name: name, role: role)))
        }
        guard !entries.isEmpty else { throw AccessTokensError("no tokens: nobody could use the service") }
        self.entries = entries
    }

    /// Reads the tokens file at `path`, refusing one that others can read.
    public static func load(path: String) throws(AccessTokensError) -> AccessTokens {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw AccessTokensError("the tokens file \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw AccessTokensError("the tokens file \(path) may be read by others (mode \(String(info.st_mode & 0o777, radix: 8))): chmod 600 it")
        }
        guard info.st_size <= 1 << 20 else { throw AccessTokensError("the tokens file \(path) is over 1 MiB") }
        guard let bytes = SmallFile.read(path, limit: 1 << 20) else {
            throw AccessTokensError("the tokens file \(path): \(String(cString: strerror(errno)))")
        }
        return try AccessTokens(String(decoding: bytes, as: UTF8.self))
    }

    /// The holder of `token`, nil when nobody holds it. Every token is compared whole, so the
    /// time taken says nothing about how much of a guess was right.
    public func holder(of token: some StringProtocol) -> Holder? {
        let presented = Array(token.utf8)
        var found: Holder?
        for entry in entries {
            var difference = UInt8(entry.token.count == presented.count ? 0 : 1)
            for index in 0..<entry.token.count {
                difference |= entry.token[index] ^ (index < presented.count ? presented[index] : 0)
            }
            if difference == 0 { found = entry.holder }
        }
        return found
    }
}

public struct AccessTokensError: Error, Equatable, CustomStringConvertible, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
