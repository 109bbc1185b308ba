import CLinuxEvents
#if canImport(Glibc)
import Glibc
#endif

/// A failed socket call: which, and the kernel's reason.
public struct SocketError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    init(_ what: String, errno code: Int32) { description = "\(what): \(String(cString: strerror(code)))" }
}

/// A Unix stream socket listening at a path, owned by the process that made it (the app's
/// way in for the remote service). Non-blocking: `accept()` says when nobody is waiting.
/// The socket file is removed when the listener goes.
public final class UnixSocketListener {
    public let path: String
    public let fileDescriptor: Int32

    /// Listens at `path` (a socket left there by an earlier run is replaced; any other file
    /// is refused), the file's mode set to `mode` and its group to `group` when given: the
    /// kernel then lets only that group's processes connect (connect(2) needs write access).
    public init(path: String, mode: UInt32 = 0o660, group: UInt32? = nil, backlog: Int32 = 4) throws(SocketError) {
        // Created with no permission for anyone else, widened once the group is set: no
        // moment where another user could connect.
        let previousMask = umask(0o777)
        let fd = bezel_unix_listen(path, backlog)
        umask(previousMask)
        guard fd >= 0 else { throw SocketError("listening at \(path)", errno: -fd) }
        if let group, chown(path, uid_t.max, group) != 0 {
            let code = errno
            close(fd)
            unlink(path)
            throw SocketError("setting \(path)'s group to \(group)", errno: code)
        }
        guard chmod(path, mode_t(mode)) == 0 else {
            let code = errno
            close(fd)
            unlink(path)
            throw SocketError("setting \(path)'s mode", errno: code)
        }
        self.path = path
        fileDescriptor = fd
    }

    deinit {
        close(fileDescriptor)
        unlink(path)
    }

    /// The next waiting connection, or nil when none is.
    public func accept() throws(SocketError) -> UnixSocketConnection? {
        let fd = bezel_accept(fileDescriptor)
        if fd == -EAGAIN || fd == -EWOULDBLOCK { return nil }
        // A client that gave up while queued: nothing to take.
        if fd == -ECONNABORTED { return nil }
        guard fd >= 0 else { throw SocketError("accepting at \(path)", errno: -fd) }
        var uid: UInt32 = 0
        let status = bezel_peer_uid(fd, &uid)
        guard status == 0 else {
            close(fd)
            throw SocketError("reading the peer's credentials", errno: -status)
        }
        return UnixSocketConnection(fileDescriptor: fd, peerUserID: uid)
    }
}

/// One connected Unix stream socket, owned (closed when it goes).
public final class UnixSocketConnection {
    public let fileDescriptor: Int32
    /// Who connected (SO_PEERCRED: the kernel's word, not the peer's).
    public let peerUserID: UInt32

    init(fileDescriptor: Int32, peerUserID: UInt32) {
        self.fileDescriptor = fileDescriptor
        self.peerUserID = peerUserID
    }

    /// Connects to `path`, blocking (a client: the tests, a tool).
    public static func connect(to path: String) throws(SocketError) -> UnixSocketConnection {
        let fd = bezel_unix_connect(path)
        guard fd >= 0 else { throw SocketError("connecting to \(path)", errno: -fd) }
        var uid: UInt32 = 0
        _ = bezel_peer_uid(fd, &uid)
        return UnixSocketConnection(fileDescriptor: fd, peerUserID: uid)
    }

    deinit { close(fileDescriptor) }

    public enum ReadResult: Equatable, Sendable {
        case bytes([UInt8])
        /// Nothing to read now (a non-blocking socket).
        case wouldBlock
        /// The peer closed its end.
        case closed
    }

    /// Reads what is there, up to `maximum` bytes.
    public func read(maximum: Int = 65_536) throws(SocketError) -> ReadResult {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, maximum) }
            if count > 0 { return .bytes(Array(buffer.prefix(count))) }
            if count == 0 { return .closed }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
            if code == ECONNRESET { return .closed }
            throw SocketError("reading a connection", errno: code)
        }
    }

    /// Writes what the socket takes now of `bytes[offset...]`; returns how many it took (0:
    /// full, try when writable). A peer that has gone throws (EPIPE; MSG_NOSIGNAL: no SIGPIPE).
    public func write(_ bytes: [UInt8], from offset: Int = 0) throws(SocketError) -> Int {
        guard offset < bytes.count else { return 0 }
        while true {
            let count = bytes.withUnsafeBytes { send(fileDescriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if count >= 0 { return count }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return 0 }
            throw SocketError("writing a connection", errno: code)
        }
    }

    /// Writes all of `bytes`, blocking (a client's connection).
    public func writeAll(_ bytes: [UInt8]) throws(SocketError) {
        var offset = 0
        while offset < bytes.count { offset += try write(bytes, from: offset) }
    }

    /// Shuts the writing side (the peer reads the end of the stream).
    public func shutDownWriting() { shutdown(fileDescriptor, Int32(SHUT_WR)) }
}
