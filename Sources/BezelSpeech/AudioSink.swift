#if canImport(Glibc)
import Glibc
#endif

/// Where synthesized speech goes: 16-bit mono samples at the engine's rate. Used from the
/// speech thread only.
protocol AudioSink: AnyObject {
    func open(sampleRate: Int) throws(SpeechError)
    /// Plays (or stores) `count` samples; false when the device failed for good.
    func write(_ samples: UnsafePointer<Int16>, count: Int) -> Bool
    /// Cuts what is queued for playing (an interruption).
    func drop()
    /// Lets what is queued play out (the end of an utterance).
    func drain()
    func close()
}

/// A WAV file of everything spoken (for recordings and the tests' audio check): 16-bit PCM,
/// mono, its header's sizes written when it closes.
final class WAVFileSink: AudioSink {
    let path: String
    private var file: UnsafeMutablePointer<FILE>?
    private var dataBytes = 0
    private var rate = 22050

    let paced: Bool

    init(path: String, paced: Bool) {
        self.path = path
        self.paced = paced
    }

    func open(sampleRate: Int) throws(SpeechError) {
        rate = sampleRate
        guard let file = fopen(path, "wb") else { throw SpeechError("\(path): \(String(cString: strerror(errno)))") }
        self.file = file
        writeHeader()
    }

    private func writeHeader() {
        guard let file else { return }
        var header: [UInt8] = []
        func u32(_ v: Int) { header += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 24) & 0xFF)] }
        func u16(_ v: Int) { header += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
        header += Array("RIFF".utf8); u32(36 + dataBytes); header += Array("WAVEfmt ".utf8)
        u32(16); u16(1); u16(1); u32(rate); u32(rate * 2); u16(2); u16(16)
        header += Array("data".utf8); u32(dataBytes)
        fseek(file, 0, SEEK_SET)
        _ = header.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fseek(file, 0, SEEK_END)
    }

    func write(_ samples: UnsafePointer<Int16>, count: Int) -> Bool {
        guard let file else { return false }
        let written = fwrite(samples, 2, count, file)
        dataBytes += written * 2
        if paced { usleep(UInt32(count * 1_000_000 / max(1, rate))) }
        return written == count
    }

    func drop() {}
    func drain() { if let file { fflush(file) } }

    func close() {
        guard file != nil else { return }
        writeHeader()
        fclose(file)
        file = nil
    }
}
