/// Why speech cannot be produced: a library missing, no sound device, a bad voice. Its text
/// names what to install or configure.
public struct SpeechError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
