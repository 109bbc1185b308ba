#if canImport(Glibc)
import Glibc
#endif

/// Where a recording holds speech: a 16-bit PCM WAV (QEMU's wav audiodev, BezelSpeech's WAV
/// sink) cut into 20 ms windows, each speech when its RMS is above 1 % of full scale (espeak-ng's
/// words are around 10-30 %; the silence between them is zeros, or a hiss far below 1 %).
struct SpeechAudio {
    /// Seconds of windows with speech.
    let speechSeconds: Double
    /// Runs of speech separated by at least `gap` seconds of silence: one an utterance when
    /// utterances are paced apart (the pauses inside one, at commas, are under 0.2 s).
    let segments: Int
    /// The whole recording's length.
    let seconds: Double
    /// The windows, `#` speech and `.` silence (for failure messages).
    let picture: String
    /// The frequency of a tone in the loud windows, from the first channel's zero crossings
    /// (a sine of f Hz crosses 2f times a second); nil without loud windows.
    let toneFrequency: Double?

    static let window = 0.02
    static let threshold = 0.01 * 32768

    init?(path: String, gap: Double = 0.25) {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8) else { return nil }
        var at = 12
        var channels = 0, rate = 0, bits = 0
        var data: Range<Int>?
        while at + 8 <= bytes.count {
            let id = String(decoding: bytes[at..<at + 4], as: UTF8.self), size = u32(at + 4)
            if id == "fmt ", at + 24 <= bytes.count {
                channels = u16(at + 10)
                rate = u32(at + 12)
                bits = u16(at + 22)
            } else if id == "data" {
                // A writer killed before finishing its header leaves the size 0: the rest.
                let end = size == 0 || at + 8 + size > bytes.count ? bytes.count : at + 8 + size
                data = at + 8..<end
                break
            }
            at += 8 + size + (size & 1)
        }
        guard let data, channels > 0, rate > 0, bits == 16 else { return nil }
        let frames = data.count / (2 * channels)
        let perWindow = max(1, Int(Double(rate) * Self.window))
        var picture = ""
        var speech = 0, segments = 0, silentRun = Int.max
        var loudCrossings = 0, loudFrames = 0
        let gapWindows = Int((gap / Self.window).rounded())
        var frame = 0
        while frame < frames {
            let end = min(frames, frame + perWindow)
            var sum = 0.0
            var crossings = 0, previous = 0.0
            for f in frame..<end {
                for c in 0..<channels {
                    let at = data.lowerBound + (f * channels + c) * 2
                    let sample = Double(Int16(bitPattern: UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8))
                    sum += sample * sample
                    if c == 0 {
                        if f > frame, (sample >= 0) != (previous >= 0) { crossings += 1 }
                        previous = sample
                    }
                }
            }
            let rms = (sum / Double((end - frame) * channels)).squareRoot()
            if rms > Self.threshold {
                if silentRun >= gapWindows { segments += 1 }
                silentRun = 0
                speech += 1
                loudCrossings += crossings
                loudFrames += end - frame
                picture += "#"
            } else {
                silentRun = silentRun == Int.max ? Int.max : silentRun + 1
                picture += "."
            }
            frame = end
        }
        speechSeconds = Double(speech) * Self.window
        self.segments = segments
        seconds = Double(frames) / Double(rate)
        self.picture = picture
        toneFrequency = loudFrames > 0 ? Double(loudCrossings) / 2 / (Double(loudFrames) / Double(rate)) : nil
    }
}
