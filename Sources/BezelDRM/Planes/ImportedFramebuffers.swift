import Bezel
import CDRM
#if canImport(Glibc)
import Glibc
#endif

/// DMA-BUFs made framebuffers on this card (PRIME import: `drmPrimeFDToHandle`, then
/// `drmModeAddFB2`), kept by the buffer's identity (its inode: a decoder's pool hands the same
/// few buffers round, and a framebuffer holds its buffer, so an inode is not reused while one
/// is kept). At most `limit` are kept; the least recently used goes first, unless it is in
/// use. Their framebuffers and handles are let go with this object.
final class ImportedFramebuffers {
    private let fd: Int32
    private var entries: [(inode: UInt64, framebuffer: UInt32, handle: UInt32)] = []
    /// A V4L2 pool's buffers (GStreamer's v4l2src asks for 4, a decoder up to ~20 at 4K):
    /// more would hold a stopped pipeline's memory.
    static let limit = 8

    init(fd: Int32) { self.fd = fd }

    /// The framebuffer showing `buffer`, imported if it is new; nil when the driver cannot
    /// import it (its error in `lastError`). `inUse`: framebuffers that must not be dropped.
    func framebuffer(for buffer: DMABuf, keeping inUse: Set<UInt32>) -> UInt32? {
        var status = stat()
        guard fstat(buffer.fileDescriptor, &status) == 0 else {
            lastError = "fstat: \(String(cString: strerror(errno)))"
            return nil
        }
        let inode = UInt64(status.st_ino)
        if let index = entries.firstIndex(where: { $0.inode == inode }) {
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.framebuffer
        }
        var handle: UInt32 = 0
        guard drmPrimeFDToHandle(fd, buffer.fileDescriptor, &handle) == 0 else {
            lastError = "drmPrimeFDToHandle: \(String(cString: strerror(errno)))"
            return nil
        }
        let handles: [UInt32] = [handle, 0, 0, 0]
        let pitches: [UInt32] = [UInt32(buffer.stride), 0, 0, 0]
        let offsets: [UInt32] = [UInt32(buffer.offset), 0, 0, 0]
        var framebuffer: UInt32 = 0
        guard drmModeAddFB2(fd, UInt32(buffer.width), UInt32(buffer.height), buffer.fourcc, handles, pitches, offsets, &framebuffer, 0) == 0 else {
            lastError = "drmModeAddFB2: \(String(cString: strerror(errno)))"
            release(handle: handle)
            return nil
        }
        entries.append((inode, framebuffer, handle))
        while entries.count > Self.limit, let index = entries.firstIndex(where: { !inUse.contains($0.framebuffer) }) {
            let old = entries.remove(at: index)
            drmModeRmFB(fd, old.framebuffer)
            release(handle: old.handle)
        }
        return framebuffer
    }

    /// Why the last import failed.
    private(set) var lastError = ""

    /// The same buffer imported twice gives the same handle (libdrm's note on PRIME): it is
    /// closed only when no kept entry still has it.
    private func release(handle: UInt32) {
        if !entries.contains(where: { $0.handle == handle }) { drmCloseBufferHandle(fd, handle) }
    }

    deinit {
        for entry in entries { drmModeRmFB(fd, entry.framebuffer) }
        for handle in Set(entries.map(\.handle)) { drmCloseBufferHandle(fd, handle) }
    }
}
