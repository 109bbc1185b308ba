import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The README's Swift samples are compiled by CI in the example app (Tests/ExampleApp): this
/// checks that every line of every sample is there, so a sample edited in the README without
/// the example, or one that no longer compiles, fails the run.
@Suite struct ReadmeSampleTests {
    static func read(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            bytes += chunk[..<n]
            if n < chunk.count { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func everyReadmeSampleIsInTheExampleAppThatCICompiles() {
        let readme = Self.read(packageRoot + "/README.md")
        let example = packageRoot + "/Tests/ExampleApp"
        let sources = [example + "/Sources/CoffeeKiosk/ReadmeSamples.swift", example + "/Sources/coffee-kiosk/main.swift",
                       example + "/Sources/coffee-kiosk/RunningOnAPanel.swift",
                       example + "/Tests/CoffeeKioskTests/CoffeeKioskTests.swift"].map(Self.read).joined(separator: "\n")
        let exampleLines = Set(sources.split(separator: "\n").map { $0.trimmingCharacters() })
        let blocks = readme.components(between: "```swift\n", and: "```")
        #expect(blocks.count >= 10, "the README's samples were not found")
        for (index, block) in blocks.enumerated() {
            for line in block.split(separator: "\n") {
                let trimmed = line.trimmingCharacters()
                guard !trimmed.isEmpty else { continue }
                #expect(exampleLines.contains(trimmed), "README sample \(index + 1): \"\(trimmed)\" is not in Tests/ExampleApp")
            }
        }
    }
}

private extension Substring {
    func trimmingCharacters() -> String {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return String(s)
    }
}

private extension String {
    /// The texts between each `start` and the next `end`.
    func components(between start: String, and end: String) -> [Substring] {
        var result: [Substring] = []
        var rest = self[...]
        while let open = rest.firstRange(of: start) {
            let after = rest[open.upperBound...]
            guard let close = after.firstRange(of: end) else { break }
            result.append(after[..<close.lowerBound])
            rest = after[close.upperBound...]
        }
        return result
    }
}
