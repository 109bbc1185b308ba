/// One thing the spoken mode says: the text, the language to say it in (BCP 47), and whether
/// it cuts what is being said (a new focus does; an announcement waits its turn).
public struct Utterance: Sendable, Equatable, CustomStringConvertible {
    public var text: String
    public var language: String
    public var interrupts: Bool
    /// Silence before it, in seconds (the hint's pause after the description).
    public var delay: Double

    public init(_ text: String, language: String, interrupts: Bool = true, delay: Double = 0) {
        self.text = text
        self.language = language
        self.interrupts = interrupts
        self.delay = delay
    }

    public var description: String { "[\(language)\(interrupts ? "" : " queued")\(delay > 0 ? " after \(delay)s" : "")] \(text)" }
}

/// A speech engine: the spoken mode's voice. BezelSpeech's `ESpeakSynthesizer` (espeak-ng
/// through ALSA) on a panel; `SpeechLog` where there is none (tests read what it was given).
@MainActor
public protocol SpeechSynthesizing: AnyObject {
    /// Says `utterance`: at once, cutting the current one, when it interrupts; after what is
    /// queued otherwise.
    func speak(_ utterance: Utterance)
    /// Stops now and forgets the queue.
    func stopSpeaking()
    /// Holds (true) or resumes (false) where it was.
    func setPaused(_ paused: Bool)
    /// 0...1 (the spoken mode's volume keys).
    var volume: Double { get set }
    /// Words a minute (espeak-ng's default 175; 80...450).
    var rate: Double { get set }
}

/// A synthesizer that says nothing and keeps what it was asked, in order: what the tests
/// assert, and the fallback when no engine can be loaded (reported once).
@MainActor
public final class SpeechLog: SpeechSynthesizing {
    /// Every utterance asked for, in order.
    public private(set) var utterances: [Utterance] = []
    /// Every call, as lines: "speak [en] Buy, button", "stop", "pause", "resume".
    public private(set) var entries: [String] = []
    public var volume = 1.0
    public var rate = 175.0

    public init() {}

    public func speak(_ utterance: Utterance) {
        utterances.append(utterance)
        entries.append("speak \(utterance)")
    }
    public func stopSpeaking() { entries.append("stop") }
    public func setPaused(_ paused: Bool) { entries.append(paused ? "pause" : "resume") }
    /// Forgets what was logged.
    public func clear() {
        utterances = []
        entries = []
    }
    /// The texts spoken, in order.
    public var texts: [String] { utterances.map(\.text) }
}
