#if canImport(Glibc)
import Glibc
#endif
import Bezel

/// espeak-ng (libespeak-ng, opened with `dlopen` when the spoken mode first speaks, so
/// nothing of it is mapped while the mode is off) on a thread of its own: utterances are
/// synthesized there in espeak's synchronous mode and their samples written to the sink as
/// they come, so an interruption cuts the words within one buffer (espeak's callback
/// returns 1 and the sink drops what is queued). espeak-ng is not thread-safe: every call to
/// it is made on this thread.
final class ESpeakEngine: @unchecked Sendable {
    typealias Initialize = @convention(c) (Int32, Int32, UnsafePointer<CChar>?, Int32) -> Int32
    typealias Callback = @convention(c) (UnsafeMutablePointer<Int16>?, Int32, OpaquePointer?) -> Int32
    typealias SetSynthCallback = @convention(c) (Callback) -> Void
    typealias Synth = @convention(c) (UnsafeRawPointer?, Int, UInt32, Int32, UInt32, UInt32, UnsafeMutablePointer<UInt32>?, UnsafeMutableRawPointer?) -> Int32
    typealias SetVoiceByName = @convention(c) (UnsafePointer<CChar>?) -> Int32
    typealias SetParameter = @convention(c) (Int32, Int32, Int32) -> Int32

    /// One utterance with the voice settings it was asked with.
    struct Job: Sendable {
        var utterance: Utterance
        var volume: Double
        var rate: Double
        var asked: Double
    }

    private let sink: any AudioSink
    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()
    private var queue: [Job] = []
    private var cancelCurrent = false
    private var paused = false
    private var running = true
    private var busy = false
    private var thread: pthread_t?
    /// What happened, in order ("voice de", "spoke Buy, button", "cut Buy, button"): the
    /// tests' record. Kept to its last 200 lines.
    private(set) var events: [String] = []
    /// Seconds from the last utterance being asked to its first sample reaching the sink
    /// (the M11 figure's part after the focus moved).
    private(set) var lastFirstSampleDelay: Double?
    private var currentAsked = 0.0
    /// How many utterances have had their first sample out (a figure waits for the next).
    private(set) var utterancesStarted = 0
    private var firstSampleSeen = false
    private var voice = ""

    private var synth: Synth?
    private var setVoice: SetVoiceByName?
    private var setParameter: SetParameter?
    private(set) var sampleRate = 22050

    /// The engine the C callback reaches (espeak has one callback per process).
    nonisolated(unsafe) static var current: ESpeakEngine?

    /// Called on the speech thread when an utterance has been played out (false) or cut (true).
    private let finished: (@Sendable (String, Bool) -> Void)?

    init(sink: any AudioSink, finished: (@Sendable (String, Bool) -> Void)? = nil) {
        self.sink = sink
        self.finished = finished
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&condition, nil)
    }

    /// Loads espeak-ng and the sink, starts the thread. Throws when either cannot be used.
    func start() throws(SpeechError) {
        guard let handle = dlopen("libespeak-ng.so.1", RTLD_NOW | RTLD_LOCAL) else {
            throw SpeechError("speech needs libespeak-ng.so.1 (Debian packages libespeak-ng1 espeak-ng-data): \(dlerror().map { String(cString: $0) } ?? "not found")")
        }
        func symbol<F>(_ name: String, _ type: F.Type) throws(SpeechError) -> F {
            guard let address = dlsym(handle, name) else { throw SpeechError("libespeak-ng.so.1 has no \(name)") }
            return unsafeBitCast(address, to: type)
        }
        let initialize = try symbol("espeak_Initialize", Initialize.self)
        let setCallback = try symbol("espeak_SetSynthCallback", SetSynthCallback.self)
        synth = try symbol("espeak_Synth", Synth.self)
        setVoice = try symbol("espeak_SetVoiceByName", SetVoiceByName.self)
        setParameter = try symbol("espeak_SetParameter", SetParameter.self)
        // AUDIO_OUTPUT_SYNCHRONOUS (2): samples through the callback, Synth returns at the end;
        // 100 ms buffers (the callback's granularity, so the cut's).
        let rate = initialize(2, 100, nil, 0)
        guard rate > 0 else { throw SpeechError("espeak-ng could not start (is espeak-ng-data installed?)") }
        sampleRate = Int(rate)
        try sink.open(sampleRate: sampleRate)
        Self.current = self
        setCallback { samples, count, _ in ESpeakEngine.current?.received(samples, Int(count)) ?? 1 }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        var made = pthread_t()
        let engine = Unmanaged.passRetained(self)
        let status = pthread_create(&made, &attributes, { context in
            let engine = Unmanaged<ESpeakEngine>.fromOpaque(context!).takeRetainedValue()
            engine.run()
            return nil
        }, engine.toOpaque())
        pthread_attr_destroy(&attributes)
        guard status == 0 else {
            engine.release()
            throw SpeechError("speech thread: \(String(cString: strerror(status)))")
        }
        thread = made
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }

    /// Queues `job`; an interrupting one empties the queue and cuts what is being said.
    func enqueue(_ job: Job) {
        let dropped: [Job] = locked {
            var dropped: [Job] = []
            if job.utterance.interrupts {
                dropped = queue
                queue.removeAll()
                if busy { cancelCurrent = true }
            }
            queue.append(job)
            pthread_cond_broadcast(&condition)
            return dropped
        }
        for job in dropped { finished?(job.utterance.text, true) }
    }

    func cancelAll() {
        let dropped: [Job] = locked {
            let dropped = queue
            queue.removeAll()
            if busy { cancelCurrent = true }
            pthread_cond_broadcast(&condition)
            return dropped
        }
        // Queued words that will never be said end as cut too: every utterance asked ends
        // once, spoken or cut.
        for job in dropped { finished?(job.utterance.text, true) }
    }

    func setPaused(_ value: Bool) {
        locked {
            paused = value
            pthread_cond_broadcast(&condition)
        }
    }

    /// Whether nothing is being said or waits to be.
    var isIdle: Bool { locked { !busy && queue.isEmpty } }

    func eventsSnapshot() -> [String] { locked { events } }
    func firstSampleDelay() -> Double? { locked { lastFirstSampleDelay } }
    func startedCount() -> Int { locked { utterancesStarted } }

    private func log(_ line: String) {
        events.append(line)
        if events.count > 200 { events.removeFirst(events.count - 200) }
    }

    private func run() {
        while true {
            pthread_mutex_lock(&mutex)
            while running && (queue.isEmpty || paused) { pthread_cond_wait(&condition, &mutex) }
            guard running else { pthread_mutex_unlock(&mutex); return }
            let job = queue.removeFirst()
            busy = true
            cancelCurrent = false
            currentAsked = job.asked
            firstSampleSeen = false
            pthread_mutex_unlock(&mutex)
            speak(job)
            locked { busy = false }
        }
    }

    /// On the speech thread: the voice for the job's language, its settings, the words.
    private func speak(_ job: Job) {
        if job.utterance.delay > 0, wait(seconds: job.utterance.delay) {
            locked { log("cut \(job.utterance.text)") }
            finished?(job.utterance.text, true)
            return
        }
        let name = Self.voiceName(for: job.utterance.language)
        if name != voice {
            if setVoice?(name) != 0, setVoice?(Self.baseName(name)) != 0 { _ = setVoice?("en") }
            voice = name
            locked { log("voice \(name)") }
        }
        // espeakRATE 1 (words a minute), espeakVOLUME 2 (0-200, 100 normal).
        _ = setParameter?(1, Int32(min(450, max(80, job.rate))), 0)
        _ = setParameter?(2, Int32((min(1, max(0, job.volume)) * 100).rounded()), 0)
        let text = job.utterance.text
        // espeakCHARS_UTF8 1, POS_CHARACTER 1.
        _ = text.withCString { pointer in synth?(pointer, strlen(pointer) + 1, 0, 1, 0, 1, nil, nil) }
        let cut = locked { cancelCurrent }
        if cut { sink.drop() } else { sink.drain() }
        locked { log("\(cut ? "cut" : "spoke") \(text)") }
        finished?(text, cut)
    }

    /// Waits `seconds` unless cut; true when cut.
    private func wait(seconds: Double) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let total = Double(deadline.tv_sec) + Double(deadline.tv_nsec) / 1e9 + seconds
        deadline.tv_sec = Int(total)
        deadline.tv_nsec = Int((total - Double(Int(total))) * 1e9)
        return locked {
            while !cancelCurrent && running {
                if pthread_cond_timedwait(&condition, &mutex, &deadline) == ETIMEDOUT { break }
            }
            return cancelCurrent
        }
    }

    /// espeak's samples (on the speech thread): to the sink, held while paused; 1 stops
    /// the synthesis (cut).
    fileprivate func received(_ samples: UnsafeMutablePointer<Int16>?, _ count: Int) -> Int32 {
        let cut: Bool = locked {
            while paused && !cancelCurrent && running { pthread_cond_wait(&condition, &mutex) }
            if !firstSampleSeen, count > 0 {
                firstSampleSeen = true
                lastFirstSampleDelay = Self.monotonic() - currentAsked
                utterancesStarted += 1
            }
            return cancelCurrent || !running
        }
        if cut { return 1 }
        guard let samples, count > 0 else { return 0 }
        return sink.write(samples, count: count) ? 0 : 1
    }

    /// espeak-ng's voice for a BCP 47 language: its language subtag, lowercased ("de",
    /// "ar", "he", "ja"), with the region where espeak has one ("pt-br", "en-gb"); Chinese
    /// is Mandarin ("cmn").
    static func voiceName(for language: String) -> String {
        let parts = language.lowercased().split(separator: "-").map(String.init)
        guard let code = parts.first, !code.isEmpty else { return "en" }
        if code == "zh" { return "cmn" }
        if let region = parts.dropFirst().first(where: { $0.count == 2 }), ["pt-br", "en-gb", "en-us", "es-419", "fr-be", "fr-ch"].contains("\(code)-\(region)") {
            return "\(code)-\(region)"
        }
        return code
    }

    /// CLOCK_MONOTONIC in seconds: when a job was asked, when its first sample came.
    static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func baseName(_ voice: String) -> String { String(voice.split(separator: "-").first ?? "en") }

    /// Stops the thread (what is said is cut) and closes the sink.
    func shutdown() {
        locked {
            running = false
            cancelCurrent = true
            queue.removeAll()
            pthread_cond_broadcast(&condition)
        }
        if let thread { pthread_join(thread, nil) }
        thread = nil
        sink.close()
        if Self.current === self { Self.current = nil }
    }
}
