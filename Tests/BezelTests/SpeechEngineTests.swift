import Testing
import Glibc
import Synchronization
@testable import Bezel
@testable import BezelSpeech

/// The spoken mode's voice for real (issue 29 item 2): espeak-ng synthesizing into a WAV file,
/// its audio measured non-silent by sox; a new utterance cuts the one being said; the voice
/// follows the utterance's language; nothing is loaded before the first word.
@MainActor
@Suite(.serialized) struct SpeechEngineTests {
    /// Waits (on the wall clock: the engine has its own thread) until the synthesizer is idle.
    func waitUntilIdle(_ synthesizer: ESpeakSynthesizer, seconds: Double = 30) async {
        let start = ContinuousClock.now
        while !synthesizer.isIdle, ContinuousClock.now - start < .seconds(seconds) { try? await Task.sleep(for: .milliseconds(20)) }
    }

    /// sox's RMS amplitude and length of `path`.
    func measure(_ path: String) -> (rms: Double, seconds: Double)? {
        let (output, status) = runCommand("sox \(path) -n stat 2>&1")
        guard status == 0 else { return nil }
        func field(_ name: String) -> Double? {
            output.split(separator: "\n").first { $0.hasPrefix(name) }.flatMap { Double($0.split(separator: ":").last!.trimmingPrefix(while: \.isWhitespace)) }
        }
        guard let rms = field("RMS     amplitude"), let length = field("Length (seconds)") else { return nil }
        return (rms, length)
    }

    @Test func aKnownUtteranceIsRealSpeechInTheFile() async throws {
        let path = "/tmp/bezel-speech-\(getpid()).wav"
        defer { unlink(path) }
        let voice = ESpeakSynthesizer(output: .wavFile(path: path))
        #expect(!voice.isLoaded, "nothing loaded before the first word")
        voice.speak(Utterance("Buy, button", language: "en"))
        #expect(voice.isLoaded)
        await waitUntilIdle(voice)
        #expect(voice.events == ["voice en", "spoke Buy, button"], "\(voice.events)")
        let delay = try #require(voice.firstSampleDelay)
        #expect(delay >= 0)
        voice.shutdown()
        let measured = try #require(measure(path), "sox could not read \(path)")
        #expect(measured.rms > 0.02, "speech, not silence: RMS \(measured.rms)")
        #expect(measured.seconds > 0.4 && measured.seconds < 3, "about a second of words: \(measured.seconds) s")
    }

    /// Off the main actor, on the engine itself: in a full run other suites' tests hold the
    /// main actor for minutes, and a main-actor test once got it back only after the whole
    /// long sentence had been written (nothing left to cut).
    @Test nonisolated func aNewUtteranceCutsTheOldAndTheVoiceFollowsTheLanguage() async throws {
        let path = "/tmp/bezel-speech-cut-\(getpid()).wav"
        defer { unlink(path) }
        let ended = Mutex<[String]>([])
        let engine = ESpeakEngine(sink: WAVFileSink(path: path, paced: true)) { text, cut in
            ended.withLock { $0.append("\(cut ? "cut" : "spoke") \(text.prefix(20))") }
        }
        try engine.start()
        func job(_ text: String, _ language: String, interrupts: Bool = true) -> ESpeakEngine.Job {
            ESpeakEngine.Job(utterance: Utterance(text, language: language, interrupts: interrupts), volume: 1, rate: 175, asked: ESpeakEngine.monotonic())
        }
        func waitFor(_ seconds: Double, _ condition: () -> Bool) async throws {
            let start = ContinuousClock.now
            while !condition(), ContinuousClock.now - start < .seconds(seconds) { try await Task.sleep(for: .milliseconds(10)) }
        }
        // About 50 s of words, written at the speed they would play.
        engine.enqueue(job(String(repeating: "This is a long sentence that goes on and on. ", count: 20), "en"))
        // Cut once it is being said (its first samples out): a condition, not a time.
        try await waitFor(60) { engine.firstSampleDelay() != nil }
        engine.enqueue(job("Queued behind it", "en", interrupts: false))
        engine.enqueue(job("Kaufen, Taste", "de"))
        engine.enqueue(job("شراء", "ar", interrupts: false))
        try await waitFor(120) { engine.isIdle }
        let events = engine.eventsSnapshot()
        let cut = events.count > 1 && events[1].hasPrefix("cut This is a long sentence")
        #expect(events.first == "voice en" && cut, "\(events)")
        #expect(Array(events.dropFirst(2)) == ["voice de", "spoke Kaufen, Taste", "voice ar", "spoke شراء"])
        // Every utterance asked ends once: the one cut, the one queued and dropped unsaid, the
        // two said (what the runtime traces as "[speech] spoke/cut" for scripts to wait on).
        #expect(ended.withLock { $0 }.sorted() == ["cut Queued behind it", "cut This is a long sente", "spoke Kaufen, Taste", "spoke شراء"].sorted())
        engine.shutdown()
        let (output, status) = runCommand("sox \(path) -n stat 2>&1")
        let seconds = output.split(separator: "\n").first { $0.hasPrefix("Length (seconds)") }
            .flatMap { Double($0.split(separator: ":").last!.trimmingPrefix(while: \.isWhitespace)) }
        #expect(status == 0 && (seconds ?? 99) < 20, "the long sentence was cut: \(seconds ?? -1) s")
        #expect(ESpeakEngine.voiceName(for: "pt-BR") == "pt-br" && ESpeakEngine.voiceName(for: "zh-Hans") == "cmn" && ESpeakEngine.voiceName(for: "de-CH") == "de")
    }

    @Test func aMissingDeviceIsReportedOnceAndTheWordsAreStillLogged() {
        let voice = ESpeakSynthesizer(output: .alsa(device: "bezel-no-such-device"))
        let reports = capturingDiagnostics {
            voice.speak(Utterance("One", language: "en"))
            voice.speak(Utterance("Two", language: "en"))
        }
        #expect(reports.count == 1 && reports[0].message.contains("bezel-no-such-device"), "\(reports)")
        #expect(voice.log.texts == ["One", "Two"] && !voice.isLoaded)
    }
}
