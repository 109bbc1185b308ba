import Bezel
#if canImport(Glibc)
import Glibc
#endif

/// The helper's side of an isolated decode (`bezel-image-decoder`'s whole program): confine
/// itself, read the file from standard input, decode it with the same code the app would,
/// write a `DecodedImageStream` to standard output.
///
///     bezel-image-decoder --name PATH --max-pixels N --memory-bytes N --cpu-seconds N
///                         --scale S [--width W --height H]  < image-file
@MainActor
public enum ImageDecoderService {
    /// Runs one decode; the process's exit status (0 when an answer, image or refusal, was
    /// written; 2 for bad arguments; 3 when standard output could not take it).
    public static func run(arguments: [String]) -> Int32 {
        if arguments == ["--check-confinement"] { return checkConfinement() }
        var options: [String: String] = [:]
        var rest = arguments[...]
        while let key = rest.popFirst() {
            guard key.hasPrefix("--"), let value = rest.popFirst() else {
                return usage("unexpected argument \(key)")
            }
            options[String(key.dropFirst(2))] = value
        }
        guard let name = options["name"], let maximumPixels = options["max-pixels"].flatMap(Int.init), maximumPixels > 0,
              let memory = options["memory-bytes"].flatMap(Int.init), let cpu = options["cpu-seconds"].flatMap(Int.init) else {
            return usage("--name, --max-pixels, --memory-bytes and --cpu-seconds are required")
        }
        let scale = options["scale"].flatMap(Double.init) ?? 1
        var size: Size?
        if let width = options["width"].flatMap(Double.init), let height = options["height"].flatMap(Double.init) {
            size = Size(width: width, height: height)
        }

        for step in DecoderConfinement.apply(memoryBytes: memory, cpuSeconds: cpu) {
            printError("bezel-image-decoder: not confined by \(step)\n")
        }

        let answer: [UInt8]
        var pixels: ImageBuffer?
        do {
            let bytes = try readStandardInput(limit: ImageLoader.maximumFileSize, name: name)
            let kind = ImageLoader.Kind(of: Array(bytes.prefix(512)), path: name)
            let image = try ImageLoader.decodeInProcess(bytes, kind: kind, name: name, size: size, scale: scale, maximumPixels: maximumPixels)
            answer = DecodedImageStream.imageHeader(width: image.width, height: image.height, format: image.format)
            pixels = image
        } catch {
            answer = DecodedImageStream.refusal(error)
        }
        guard write(answer) else { return 3 }
        if let pixels {
            let rowBytes = pixels.width * 4
            let written = pixels.withPixels { data, stride in
                (0..<pixels.height).allSatisfy { row in write(UnsafeRawBufferPointer(start: data + row * stride, count: rowBytes)) }
            }
            guard written else { return 3 }
        }
        return 0
    }

    /// `--check-confinement`: confines itself as for a decode of 1 Mpx, then tries what the
    /// confinement should stop, one line each ("socket: denied (Operation not permitted)"),
    /// and one thing it should allow (reading a file). `IsolatedImageDecodingTests` reads it.
    static func checkConfinement() -> Int32 {
        let missing = DecoderConfinement.apply(memoryBytes: IsolatedImageDecoder.memoryLimit(forPixels: 1_000_000), cpuSeconds: 2)
        var lines = missing.map { "not confined by \($0)" }
        func attempt(_ what: String, _ result: Int32) {
            lines.append(result < 0 ? "\(what): denied (\(String(cString: strerror(errno))))" : "\(what): allowed")
        }
        attempt("socket", socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0))
        attempt("open for writing", open("/tmp/bezel-decoder-probe", O_WRONLY | O_CREAT, 0o600))
        attempt("open for reading", open("/proc/self/status", O_RDONLY))
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        let spawned = posix_spawn(&pid, "/bin/true", nil, nil, &argv, nil)
        free(argv[0])
        if spawned != 0 { errno = spawned }
        attempt("spawn", spawned == 0 ? 0 : -1)
        let block = malloc(IsolatedImageDecoder.memoryLimit(forPixels: 1_000_000) + 1_048_576)
        lines.append(block == nil ? "memory over the limit: denied" : "memory over the limit: allowed")
        free(block)
        return write(Array((lines.joined(separator: "\n") + "\n").utf8)) ? 0 : 3
    }

    private static func usage(_ problem: String) -> Int32 {
        printError("bezel-image-decoder: \(problem)\n(it is started by Bezel's ImageLoader, not by hand)\n")
        return 2
    }

    /// All of standard input, at most `limit` bytes.
    private static func readStandardInput(limit: Int, name: String) throws(CairoError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw CairoError("\(name): read error: \(String(cString: strerror(errno)))")
            }
            bytes += chunk[..<count]
            if bytes.count > limit { throw CairoError("\(name): larger than \(limit / 1_048_576) MiB, not loaded") }
        }
    }

    private static func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { write($0) }
    }

    private static func printError(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }

    private static func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = Glibc.write(1, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}
