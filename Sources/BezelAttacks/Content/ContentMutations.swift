/// Random damage to a real file, seeded and replayable: what a failing card, a cut download
/// or a hand-edited file does, and what a fuzzer finds. Each call picks one mutation.
public enum ContentMutations {
    /// Values that sit on the edges decoders test against.
    static let interestingBytes: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF]
    static let interestingWords: [UInt32] = [0, 1, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF, 0xFFFF, 0x1_0000, 16384, 65535]
    /// Numbers an SVG's attributes get instead of their own.
    static let extremeNumbers = ["1e30", "-1e30", "1e309", "NaN", "inf", "0", "-0", "1e-30", "9e18", "4294967296", "-1"]

    /// `bytes` (a file called `name`) with one mutation.
    public static func mutate(_ bytes: [UInt8], name: String, using random: inout SplitMix64) -> [UInt8] {
        guard !bytes.isEmpty else { return [UInt8.random(in: 0...255, using: &random)] }
        var out = bytes
        // Headers and table directories sit at the start: half the point mutations land in
        // the first 512 bytes.
        func position() -> Int {
            Bool.random(using: &random) ? Int.random(in: 0..<min(512, out.count), using: &random) : Int.random(in: 0..<out.count, using: &random)
        }
        let isText = name.hasSuffix(".svg")
        switch Int.random(in: 0..<(isText ? 8 : 7), using: &random) {
        case 0:   // bit flips
            for _ in 0..<Int.random(in: 1...8, using: &random) { out[position()] ^= 1 << UInt8.random(in: 0...7, using: &random) }
        case 1:   // interesting bytes
            for _ in 0..<Int.random(in: 1...4, using: &random) { out[position()] = interestingBytes.randomElement(using: &random)! }
        case 2:   // an interesting 32-bit word, big- or little-endian (PNG lengths, TrueType offsets)
            let at = min(position(), max(0, out.count - 4))
            let word = interestingWords.randomElement(using: &random)!
            let bigEndian = Bool.random(using: &random)
            for index in 0..<min(4, out.count - at) {
                let shift = bigEndian ? 24 - 8 * index : 8 * index
                out[at + index] = UInt8(word >> UInt32(shift) & 0xFF)
            }
        case 3:   // cut short
            out = Array(out.prefix(Int.random(in: 0..<out.count, using: &random)))
        case 4:   // a slice repeated in place (a chunk or a scan twice, or a hundred times)
            let start = Int.random(in: 0..<out.count, using: &random)
            let slice = out[start..<min(out.count, start + Int.random(in: 1...4096, using: &random))]
            let times = [1, 2, 100].randomElement(using: &random)!
            out.insert(contentsOf: Array([[UInt8]](repeating: Array(slice), count: times).joined()), at: start)
        case 5:   // a slice removed
            let start = Int.random(in: 0..<out.count, using: &random)
            out.removeSubrange(start..<min(out.count, start + Int.random(in: 1...4096, using: &random)))
        case 6:   // random bytes over a stretch
            let start = position()
            for index in start..<min(out.count, start + Int.random(in: 1...64, using: &random)) { out[index] = UInt8.random(in: 0...255, using: &random) }
        default:  // an SVG number made extreme
            out = replacingNumber(in: out, using: &random)
        }
        return out
    }

    /// One run of digits in `text` replaced by an extreme number.
    static func replacingNumber(in text: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        let starts = text.indices.filter { isDigit(text[$0]) && ($0 == 0 || !isDigit(text[$0 - 1])) }
        guard let start = starts.randomElement(using: &random) else { return text }
        var end = start
        while end < text.count && (isDigit(text[end]) || text[end] == 0x2E) { end += 1 }
        var out = text
        out.replaceSubrange(start..<end, with: Array(extremeNumbers.randomElement(using: &random)!.utf8))
        return out
    }
}
