import Testing
import Glibc
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

    @Test func aNewUtteranceCutsTheOldAndTheVoiceFollowsTheLanguage() async throws {
        let path = "/tmp/bezel-speech-cut-\(getpid()).wav"
        defer { unlink(path) }
        let voice = ESpeakSynthesizer(output: .wavFile(path: path, paced: true))
        voice.speak(Utterance(String(repeating: "This is a long sentence that goes on and on. ", count: 20), language: "en"))
        // Cut once it is being said (its first samples out): a condition, not a time.
        let start = ContinuousClock.now
        while voice.firstSampleDelay == nil, ContinuousClock.now - start < .seconds(30) { try await Task.sleep(for: .milliseconds(10)) }
        voice.speak(Utterance("Kaufen, Taste", language: "de"))
        voice.speak(Utterance("شراء", language: "ar", interrupts: false))
        await waitUntilIdle(voice)
        let events = voice.events
        let cut = events.count > 1 && events[1].hasPrefix("cut This is a long sentence")
        #expect(events.first == "voice en" && cut, "\(events)")
        #expect(Array(events.dropFirst(2)) == ["voice de", "spoke Kaufen, Taste", "voice ar", "spoke شراء"])
        voice.shutdown()
        let measured = try #require(measure(path))
        #expect(measured.seconds < 20, "the long sentence was cut: \(measured.seconds) s")
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
