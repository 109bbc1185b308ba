/// The bad-file run's cases (issue 37 U2): every seed file mutated `mutationsPerFile` times,
/// plus files built to attack one limit each: bombs, huge and non-finite sizes, embedded
/// images, deep nesting, unbounded SVG content and broken fonts. Deterministic for a seed.
public enum HostileContent {
    /// The cases for `seeds` (file name → bytes: PNG, JPEG, SVG and font files).
    public static func cases(seeds: [(name: String, bytes: [UInt8])], mutationsPerFile: Int, seed: UInt64) -> [ContentCase] {
        var cases = built(progressiveJPEG: seeds.first { $0.name.hasSuffix("progressive.jpg") }?.bytes,
                          font: seeds.first { $0.name.hasSuffix(".ttf") }?.bytes)
        for round in 0..<mutationsPerFile {
            for (index, seedFile) in seeds.enumerated() {
                let name = "mutation-\(round)-\(seedFile.name)"
                // Each case has a generator of its own, so any one can be made (and replayed) alone.
                var mixer = SplitMix64(seed: seed ^ UInt64(round) << 20 ^ UInt64(index))
                let caseSeed = mixer.next()
                cases.append(ContentCase(name: name, kind: ContentCase.kind(of: seedFile.name)) {
                    var random = SplitMix64(seed: caseSeed)
                    return ContentMutations.mutate(seedFile.bytes, name: seedFile.name, using: &random)
                })
            }
        }
        return cases
    }

    private static func svg(_ body: String, width: String = "100", height: String = "100", prefix: String = "") -> [UInt8] {
        Array((prefix + #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\#(width)" height="\#(height)">"# + body + "</svg>").utf8)
    }

    private static func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

    /// The files built to attack one limit each.
    static func built(progressiveJPEG: [UInt8]?, font: [UInt8]?) -> [ContentCase] {
        var cases: [ContentCase] = []
        func add(_ name: String, _ bytes: @autoclosure @escaping @Sendable () -> [UInt8]) {
            cases.append(ContentCase(name: name, kind: ContentCase.kind(of: name), make: bytes))
        }

        // PNG: sizes in the header, chunk lengths, real decompression bombs.
        for (width, height) in [(0, 0), (1, 0), (0xFFFF_FFFF, 0xFFFF_FFFF), (65535, 65535), (16384, 16384), (0x7FFF_FFFF, 1)] {
            add("png-header-\(width)x\(height).png", PNGWriter.signature + PNGWriter.header(width: width, height: height)
                + PNGWriter.chunk("IDAT", Deflate.compress([0, 0])) + PNGWriter.chunk("IEND", []))
        }
        add("png-chunk-length-7fffffff.png", PNGWriter.signature + PNGWriter.header(width: 1, height: 1, colorType: 6)
            + [0x7F, 0xFF, 0xFF, 0xFF] + Array("zTXt".utf8) + [UInt8](repeating: 0x41, count: 100))
        add("png-bitmap-20000x20000.png", PNGWriter.blackBitmap(width: 20000, height: 20000))
        add("png-bitmap-4000x2000.png", PNGWriter.blackBitmap(width: 4000, height: 2000))
        // An 8-bit grey image within the 1080p limit that decodes fully: the real cost of a legal bomb.
        let grey = [UInt8](repeating: 0, count: 2000 * 2001)
        add("png-grey-2000x2000.png", PNGWriter.signature + PNGWriter.header(width: 2000, height: 2000)
            + PNGWriter.chunk("IDAT", Deflate.compress(grey)) + PNGWriter.chunk("IEND", []))
        // A compressed text chunk that inflates to 64 MB, and 20,000 small text chunks.
        add("png-ztxt-bomb.png", PNGWriter.signature + PNGWriter.header(width: 1, height: 1)
            + PNGWriter.chunk("zTXt", Array("Comment".utf8) + [0, 0] + Deflate.compress([UInt8](repeating: 0x41, count: 64 << 20)))
            + PNGWriter.chunk("IDAT", Deflate.compress([0, 0])) + PNGWriter.chunk("IEND", []))
        add("png-20000-text-chunks.png", PNGWriter.signature + PNGWriter.header(width: 1, height: 1)
            + Array(repeatElement(PNGWriter.chunk("tEXt", Array("k\u{0}v".utf8)), count: 20000).joined())
            + PNGWriter.chunk("IDAT", Deflate.compress([0, 0])) + PNGWriter.chunk("IEND", []))
        add("png-bad-crc.png", Array(PNGWriter.blackBitmap(width: 10, height: 10).dropLast(5)) + [0, 0, 0, 0, 0])
        add("png-empty.png", [])
        add("png-signature-only.png", PNGWriter.signature)

        // JPEG: sizes, a scan bomb (the last scan of a progressive file repeated), cut short.
        if let jpeg = progressiveJPEG {
            for (width, height) in [(0, 0), (65535, 65535), (30000, 30000)] {
                var sized = jpeg
                if let sof = (0..<sized.count - 9).first(where: { sized[$0] == 0xFF && (sized[$0 + 1] == 0xC0 || sized[$0 + 1] == 0xC2) }) {
                    sized[sof + 5] = UInt8(height >> 8); sized[sof + 6] = UInt8(height & 0xFF)
                    sized[sof + 7] = UInt8(width >> 8); sized[sof + 8] = UInt8(width & 0xFF)
                }
                let file = sized
                add("jpeg-size-\(width)x\(height).jpg", file)
            }
            let scans = (0..<jpeg.count - 1).filter { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }
            if let last = scans.last, let end = (last..<jpeg.count - 1).last(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xD9 }) {
                let scan = Array(jpeg[last..<end])
                add("jpeg-scan-bomb.jpg", Array(jpeg[..<end]) + Array(repeatElement(scan, count: 3000).joined()) + [0xFF, 0xD9])
            }
            add("jpeg-cut-after-header.jpg", Array(jpeg.prefix((scans.first ?? 200) + 20)))
        }
        add("jpeg-soi-only.jpg", [0xFF, 0xD8, 0xFF])

        // SVG: sizes.
        for size in ["1e10", "9e18", "1e9mm", "NaN", "inf", "-5", "0", "1e-300", "100000"] {
            add("svg-size-\(size).svg", svg(#"<rect width="10" height="10"/>"#, width: size, height: size))
        }
        // Text that aborts librsvg, long text, many spans.
        add("svg-font-size-1e30.svg", svg(#"<text x="10" y="50" font-size="1e30">Hi</text>"#))
        add("svg-font-size-nan.svg", svg(#"<text x="10" y="50" font-size="NaN" letter-spacing="1e30">Hi</text>"#))
        add("svg-200000-spans.svg", svg("<text>" + repeated("<tspan>a</tspan>", 200_000) + "</text>"))
        // Element counts and depth.
        add("svg-500000-rects.svg", svg(repeated(#"<rect width="1" height="1"/>"#, 500_000)))
        add("svg-nesting-20000.svg", svg(repeated("<g>", 20000) + #"<rect width="1" height="1"/>"# + repeated("</g>", 20000)))
        add("svg-use-self.svg", svg(##"<g id="a"><use xlink:href="#a"/></g>"##))
        add("svg-use-fan-out.svg", svg(#"<defs><rect id="r0" width="1" height="1"/>"#
            + (1...20).map { ##"<g id="r\##($0)"><use xlink:href="#r\##($0 - 1)"/><use xlink:href="#r\##($0 - 1)"/></g>"## }.joined()
            + ##"</defs><use xlink:href="#r20"/>"##))
        add("svg-pattern-recursion.svg", svg(##"<pattern id="p" width="10" height="10"><rect width="10" height="10" fill="url(#p)"/></pattern><rect width="100" height="100" fill="url(#p)"/>"##))
        add("svg-billion-laughs.svg", Array((#"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">"#
            + (1...9).map { #"<!ENTITY \#(Character(UnicodeScalar(97 + $0)!)) "\#(repeated("&\(Character(UnicodeScalar(96 + $0)!));", 10))">"# }.joined()
            + #"]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&j;</text></svg>"#).utf8))
        // Filters and gradients that run for minutes.
        add("svg-blur-1e6.svg", svg(##"<filter id="f"><feGaussianBlur stdDeviation="1e6"/></filter><rect width="100" height="100" filter="url(#f)"/>"##))
        add("svg-turbulence.svg", svg(##"<filter id="f" x="0" y="0" width="1" height="1"><feTurbulence baseFrequency="0.01" numOctaves="1000000"/></filter><rect width="1000" height="1000" filter="url(#f)"/>"##, width: "1000", height: "1000"))
        add("svg-300000-stops.svg", svg(#"<linearGradient id="g">"# + (0..<300_000).map { #"<stop offset="\#(Double($0) / 300_000)" stop-color="red"/>"# }.joined()
            + ##"</linearGradient><rect width="100" height="100" fill="url(#g)"/>"##))
        add("svg-filter-region-1e9.svg", svg(##"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="1e9" height="1e9"><feFlood/></filter><rect width="100" height="100" filter="url(#f)"/>"##))
        // Embedded and external images.
        add("svg-embedded-png-bomb.svg", svg(#"<image width="10" height="10" xlink:href="data:image/png;base64,"# + base64(PNGWriter.blackBitmap(width: 20000, height: 20000)) + #""/>"#, width: "10", height: "10"))
        add("svg-external-file.svg", svg(#"<image width="10" height="10" xlink:href="file:///etc/passwd"/><image width="10" height="10" xlink:href="/dev/zero"/>"#))
        add("svg-long-path.svg", svg(#"<path d="M0 0"# + repeated(" L1 1 L2 0", 200_000) + #""/>"#))
        add("svg-unclosed.svg", Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g><g><rect"#.utf8))

        // Fonts: empty, cut short, a TrueType header over random tables, a collection
        // claiming 2^31 fonts.
        add("font-empty.ttf", [])
        add("font-header-only.ttf", [0, 1, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0])
        add("font-random-tables.ttf", {
            var random = SplitMix64(seed: 0xF0)
            return [0, 1, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0] + (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
        }())
        add("font-collection-2g.ttc", Array("ttcf".utf8) + [0, 1, 0, 0, 0x7F, 0xFF, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 64))
        if let font {
            add("font-cut-in-half.ttf", Array(font.prefix(font.count / 2)))
            // Every table's length set to 0xFFFFFFFF.
            add("font-table-lengths-max.ttf", {
                var lengths = font
                let tables = Int(font[4]) << 8 | Int(font[5])
                for table in 0..<tables where 12 + 16 * table + 16 <= lengths.count {
                    for index in 0..<4 { lengths[12 + 16 * table + 12 + index] = 0xFF }
                }
                return lengths
            }())
        }
        return cases
    }

    /// `bytes` in Base64 (RFC 4648), for `data:` URLs.
    public static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 4 / 3 + 4)
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let group = bytes[start..<min(start + 3, bytes.count)]
            let value = group.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for index in 0..<4 { out.append(index <= group.count ? alphabet[value >> (18 - 6 * index) & 63] : UInt8(ascii: "=")) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
