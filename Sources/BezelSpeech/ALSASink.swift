#if canImport(Glibc)
import Glibc
#endif

/// ALSA's PCM playback (libasound, opened with `dlopen` when the spoken mode first speaks):
/// 16-bit mono at the engine's rate, resampled by ALSA to what the card takes; 100 ms of
/// latency (short enough that a new focus cuts the old words at once, long enough not to
/// underrun on a busy Pi: Bezel's choice).
final class ALSASink: AudioSink {
    typealias Open = @convention(c) (UnsafeMutablePointer<OpaquePointer?>, UnsafePointer<CChar>, Int32, Int32) -> Int32
    typealias SetParams = @convention(c) (OpaquePointer, Int32, Int32, UInt32, UInt32, Int32, UInt32) -> Int32
    typealias WriteI = @convention(c) (OpaquePointer, UnsafeRawPointer, UInt) -> Int
    typealias Recover = @convention(c) (OpaquePointer, Int32, Int32) -> Int32
    typealias Simple = @convention(c) (OpaquePointer) -> Int32
    typealias StrError = @convention(c) (Int32) -> UnsafePointer<CChar>?

    static let latencyMicroseconds: UInt32 = 100_000
    let device: String
    private var pcm: OpaquePointer?
    private var functions: (open: Open, setParams: SetParams, writei: WriteI, recover: Recover, drain: Simple, drop: Simple,
                            prepare: Simple, close: Simple, strerror: StrError)?

    init(device: String) { self.device = device }

    func open(sampleRate: Int) throws(SpeechError) {
        guard let handle = dlopen("libasound.so.2", RTLD_NOW | RTLD_LOCAL) else {
            throw SpeechError("speech needs libasound.so.2 (Debian package libasound2): \(dlerror().map { String(cString: $0) } ?? "not found")")
        }
        func symbol<F>(_ name: String, _ type: F.Type) throws(SpeechError) -> F {
            guard let address = dlsym(handle, name) else { throw SpeechError("libasound.so.2 has no \(name)") }
            return unsafeBitCast(address, to: type)
        }
        let f = (open: try symbol("snd_pcm_open", Open.self), setParams: try symbol("snd_pcm_set_params", SetParams.self),
                 writei: try symbol("snd_pcm_writei", WriteI.self), recover: try symbol("snd_pcm_recover", Recover.self),
                 drain: try symbol("snd_pcm_drain", Simple.self), drop: try symbol("snd_pcm_drop", Simple.self),
                 prepare: try symbol("snd_pcm_prepare", Simple.self), close: try symbol("snd_pcm_close", Simple.self), strerror: try symbol("snd_strerror", StrError.self))
        functions = f
        var opened: OpaquePointer?
        // SND_PCM_STREAM_PLAYBACK 0; SND_PCM_FORMAT_S16_LE 2; SND_PCM_ACCESS_RW_INTERLEAVED 3.
        let status = f.open(&opened, device, 0, 0)
        guard status >= 0, let opened else {
            throw SpeechError("ALSA device \(device): \(f.strerror(status).map { String(cString: $0) } ?? "error \(status)") (set speech_device, or check the sound card)")
        }
        let set = f.setParams(opened, 2, 3, 1, UInt32(sampleRate), 1, Self.latencyMicroseconds)
        guard set >= 0 else {
            _ = f.close(opened)
            throw SpeechError("ALSA device \(device): \(f.strerror(set).map { String(cString: $0) } ?? "error \(set)") setting 16-bit mono at \(sampleRate) Hz")
        }
        pcm = opened
    }

    func write(_ samples: UnsafePointer<Int16>, count: Int) -> Bool {
        guard let pcm, let f = functions else { return false }
        var offset = 0
        while offset < count {
            let written = f.writei(pcm, samples + offset, UInt(count - offset))
            if written < 0 {
                // An underrun (or a suspend): recover and go on; anything else is fatal.
                if f.recover(pcm, Int32(written), 1) < 0 { return false }
                continue
            }
            offset += written
        }
        return true
    }

    /// Dropped or drained, the device is prepared again for the next utterance.
    func drop() { if let pcm, let f = functions { _ = f.drop(pcm); _ = f.prepare(pcm) } }
    func drain() { if let pcm, let f = functions { _ = f.drain(pcm); _ = f.prepare(pcm) } }

    func close() {
        if let pcm, let f = functions { _ = f.close(pcm) }
        pcm = nil
    }
}
