import Bezel

/// The spoken mode's voice on a panel: espeak-ng, through ALSA (or into a WAV file). Nothing
/// is loaded until the first utterance (an app that never starts the spoken mode maps
/// neither library); if espeak-ng or the sound device cannot be used, that is reported once
/// and the utterances are only logged, so the app keeps running.
@MainActor
public final class ESpeakSynthesizer: SpeechSynthesizing {
    /// Where the speech goes.
    public enum Output: Sendable, Equatable {
        /// An ALSA PCM device ("default", "plughw:0,0", a headset's "plughw:1,0").
        case alsa(device: String)
        /// A WAV file (recordings, tests); `paced`: written at the speed it would play, as a
        /// device takes it (so a new utterance cuts the old one as on a speaker).
        case wavFile(path: String, paced: Bool = false)
    }

    public let output: Output
    public var volume = 1.0
    /// Words a minute: espeak-ng's default 175 (80...450).
    public var rate = 175.0
    private var engine: ESpeakEngine?
    private var failed = false
    /// Every utterance asked for, in order, spoken or not (the fallback keeps them too).
    public let log = SpeechLog()
    /// Called on the main actor once an utterance has been played out (`cut` false: the
    /// device has taken its last sample) or cut short (true): the runtime traces it
    /// (`BEZEL_TRACE=speech`), so a script can wait for the words to have been said.
    public var onUtteranceFinished: ((_ text: String, _ cut: Bool) -> Void)?

    public init(output: Output = .alsa(device: "default")) {
        self.output = output
    }

    /// The engine, started on first use.
    private func started() -> ESpeakEngine? {
        if let engine { return engine }
        guard !failed else { return nil }
        let sink: any AudioSink
        switch output {
        case .alsa(let device): sink = ALSASink(device: device)
        case .wavFile(let path, let paced): sink = WAVFileSink(path: path, paced: paced)
        }
        let made = ESpeakEngine(sink: sink) { [weak self] text, cut in
            Task { @MainActor in self?.onUtteranceFinished?(text, cut) }
        }
        do {
            try made.start()
            engine = made
            return made
        } catch {
            failed = true
            Diagnostics.report(.platform, "the spoken mode cannot speak: \(error); its words are only logged")
            return nil
        }
    }

    public func speak(_ utterance: Utterance) {
        log.speak(utterance)
        started()?.enqueue(ESpeakEngine.Job(utterance: utterance, volume: volume, rate: rate, asked: ESpeakEngine.monotonic()))
    }

    public func stopSpeaking() {
        log.stopSpeaking()
        engine?.cancelAll()
    }

    public func setPaused(_ paused: Bool) {
        log.setPaused(paused)
        engine?.setPaused(paused)
    }

    /// Whether nothing is being said or waits to be.
    public var isIdle: Bool { engine?.isIdle ?? true }
    /// Whether the engine runs (false before the first utterance, or after a failure).
    public var isLoaded: Bool { engine != nil }
    /// The engine's record: "voice de", "spoke ...", "cut ...".
    public var events: [String] { engine?.eventsSnapshot() ?? [] }
    /// Seconds from the last utterance asked to its first sample reaching the output.
    public var firstSampleDelay: Double? { engine?.firstSampleDelay() }
    /// How many utterances have reached the output so far (their first sample).
    public var utterancesStarted: Int { engine?.startedCount() ?? 0 }

    /// Stops speaking and unloads nothing (espeak-ng keeps its data mapped) but closes the
    /// output (a WAV file gets its final sizes).
    public func shutdown() {
        engine?.shutdown()
        engine = nil
    }
}
