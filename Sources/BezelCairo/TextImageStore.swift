import Bezel
import CCairo
#if canImport(Glibc)
import Glibc
#endif

/// The text images of a run's first screen, kept in a file for the next run (issue 36 item 1).
/// A kiosk starts the same app on the same strings at every boot, and its first frame spent
/// two fifths of its work starting Pango and FreeType on them: shaping, each font's metrics,
/// the autohinter's first glyph of each face (callgrind, the standard scene: 8.0 M of 22.2 M
/// instructions in `drawText`; 7.9 -> 5.7 ms to the first frame with its text left out).
///
/// While the store records (from its creation to `save()`, which the runtime calls once the
/// first frame is on screen: the start), each plain text `CairoDrawingContext.drawText` puts on screen
/// through its text images is kept: the height of its lines and its image for each colour
/// and sub-pixel offset it was drawn at, and layout's measurements of texts (`measureText`,
/// `baselines`, when `measure(with:)` gave the store to `TextMetrics.measurer`). The next start
/// draws those texts from the store and lays them out by its sizes, with no layout made: the
/// same pixels, since they are the images the text images would make. Only what a start used
/// is saved (an earlier start's clock time does not stay). After the start the store is asked
/// nothing: a kept text redrawn later is laid out then, as any text (asked at every redraw,
/// the store's lookup cost more than the layout cache's: M2 +3.7 % with a store attached).
///
/// What else decides those pixels is the store's `identity`, checked before its first use:
/// the program itself, the text libraries it runs (cairo, pixman, Pango, HarfBuzz, FreeType,
/// fontconfig and theirs: a package upgrade replaces their files), Bezel's fonts and the app's
/// registered ones, and the language. Another identity: the file is not used, and is written
/// again. The store stops answering when fonts are registered after that check (a family
/// that falls back now may exist later). Texts that may be shaped with the system's fonts
/// (drawn once those are loaded, unless ASCII in Bezel's family), or missing glyphs, are not
/// kept: their look depends on fonts outside the identity.
///
/// The file is read whole and checked (a magic number, the format, a checksum, every length
/// against what is left); anything wrong and the store starts empty (a `Diagnostics` report),
/// never a crash. Written to a new file and renamed over the old: a power cut leaves the old
/// file, the new one, or one the check refuses.
@MainActor
public final class TextImageStore {
    /// What one drawn text is known by: its text (compared byte for byte: canonically equal
    /// spellings may shape differently), its style without its colour, and its box.
    struct TextKey: Hashable {
        let text: String
        let utf8Length: Int
        let style: TextStyle
        let width: Double
        let height: Double
        let legibility: LegibilityWeight

        init(text: String, style: TextStyle, width: Double, height: Double, legibility: LegibilityWeight) {
            self.text = text
            utf8Length = text.utf8.count
            var shape = style
            shape.color = .clear
            shape.fontTextStyle = nil
            self.style = shape
            self.width = width
            self.height = height
            self.legibility = legibility
        }

        static func == (a: TextKey, b: TextKey) -> Bool {
            a.utf8Length == b.utf8Length && a.text.utf8.elementsEqual(b.text.utf8) && a.style == b.style
                && a.width == b.width && a.height == b.height && a.legibility == b.legibility
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(text)
            hasher.combine(style)
            hasher.combine(width)
            hasher.combine(height)
        }
    }

    /// One text's image at one colour and sub-pixel offset.
    struct Picture {
        let color: Color
        let fractionX: Double
        let fractionY: Double
        let image: TextImageCache.Entry
    }

    /// A text's line height and its pictures.
    final class StoredText {
        let visibleHeight: Double
        var pictures: [Picture] = []
        /// Drawn in this run (from the store or recorded): only those are saved, so a text of
        /// an earlier start's first screen (the clock's time then) does not stay for ever.
        var isUsed = false
        init(visibleHeight: Double) { self.visibleHeight = visibleHeight }

        func picture(color: Color, fractionX: Double, fractionY: Double) -> TextImageCache.Entry? {
            for picture in pictures where picture.color == color && picture.fractionX == fractionX && picture.fractionY == fractionY {
                return picture.image
            }
            return nil
        }
    }

    /// A text's measurements for layout (`measureText`, `baselines`), as the layout gave them:
    /// with them kept too, a first screen laid out by its labels' sizes (stack views,
    /// constraints) makes no layout either.
    final class Measurement {
        var size: Size?
        var baselines: TextBaselines?
        var isUsed = false
    }

    /// The file's name in the cache folder. Its version is in the name and in the file: a
    /// format change leaves the old file unread.
    public static let fileName = "text-images-1"
    static let magic: [UInt8] = Array("BEZELTXT".utf8)
    static let formatVersion: UInt32 = 1
    /// Bounds on what is kept (Bezel's choice: a start screen's labels; the demo's first screen
    /// is 28 texts, the standard scene's file 104 KiB): texts, pictures' pixels (4 MiB), and the
    /// file read.
    static let maximumTexts = 256
    static let maximumPixels = 1 << 20
    static let maximumFileBytes = 8 << 20

    public let path: String
    private var texts: [TextKey: StoredText] = [:]
    /// Measurements, by text, style and width (the key's height unused: 0; no width: -1).
    private var measurements: [TextKey: Measurement] = [:]
    /// Texts recorded in this run (to be saved), and the pixels kept in all.
    private var recordedCount = 0
    private var pixelCount = 0
    public private(set) var isRecording = true
    /// The identity the file was made with (nil: no usable file), checked at the first use.
    private var fileIdentity: [UInt8]?
    private var identityChecked = false
    private var fontGeneration = 0
    /// False once the identity differs or fonts changed: nothing is answered from then on.
    private var answers = true
    /// Texts the last `save()` wrote.
    public private(set) var savedCount = 0
    /// Texts drawn from the store in this run (tests, the start-up figure).
    public private(set) var textsDrawn = 0
    /// Why the file was not used (empty: it was, or there was none).
    public private(set) var refusal = ""

    /// A store for the file in `directory` (created if missing when saving). Reads the file now.
    public init(directory: String) {
        path = directory.hasSuffix("/") ? directory + Self.fileName : directory + "/" + Self.fileName
        load()
    }

    /// Makes the store answer layout's text measurements too (`TextMetrics.measurer`'s, when
    /// it is BezelCairo's: labels' sizes for stack views and constraints), or stops that with
    /// nil. The runtime does it with its display's store.
    public static func measure(with store: TextImageStore?) {
        (TextMetrics.measurer as? CairoTextMeasurer)?.textImageStore = store
    }

    /// The runtime's store: in `folder` (the `text_image_cache` setting; "off" for none), or
    /// when that is nil in systemd's `CACHE_DIRECTORY` (the service's unit has one), else none.
    public static func forService(folder: String?) -> TextImageStore? {
        if let folder { return folder == "off" || folder.isEmpty ? nil : TextImageStore(directory: folder) }
        guard let cache = Environment.value("CACHE_DIRECTORY")?.split(separator: ":").first, cache.hasPrefix("/") else { return nil }
        return TextImageStore(directory: String(cache))
    }

    /// The texts the store holds (loaded and recorded), and the measurements.
    public var count: Int { texts.count }
    public var measurementCount: Int { measurements.count }
    /// Measurements answered from the store in this run.
    public private(set) var measurementsAnswered = 0

    static func measurementKey(_ text: String, style: TextStyle, width: Double?, legibility: LegibilityWeight) -> TextKey {
        TextKey(text: text, style: style, width: width ?? -1, height: 0, legibility: legibility)
    }

    /// A kept measurement of the text `key` names, if the store answers.
    func measurement(for key: TextKey) -> Measurement? {
        guard answers, !measurements.isEmpty, checkIdentity(), let kept = measurements[key] else { return nil }
        return kept
    }

    func noteAnswered(_ kept: Measurement) {
        measurementsAnswered += 1
        kept.isUsed = true
    }

    /// Keeps a measurement (while recording, on the same terms as a text's picture).
    func recordMeasurement(_ key: TextKey, size: Size? = nil, baselines: TextBaselines? = nil) {
        guard isRecording, answers, checkIdentity(), FontConfiguration.source == .bezel,
              !FontConfiguration.systemFontsLoaded || Self.drawnWithBezelsFontOnly(key) else { return }
        let kept: Measurement
        if let known = measurements[key] {
            kept = known
        } else {
            guard measurements.count < Self.maximumTexts else { return }
            kept = Measurement()
            measurements[key] = kept
        }
        if let size, kept.size == nil { kept.size = size; recordedCount += 1 }
        if let baselines, kept.baselines == nil { kept.baselines = baselines; recordedCount += 1 }
        kept.isUsed = true
    }

    // MARK: Drawing

    /// The stored text for `key`, if the store answers.
    func text(for key: TextKey) -> StoredText? {
        guard answers, !texts.isEmpty, checkIdentity() else { return nil }
        guard let stored = texts[key] else { return nil }
        return stored
    }

    func noteDrawn(_ stored: StoredText) {
        textsDrawn += 1
        stored.isUsed = true
    }

    /// Keeps a text drawn through the text images (while recording, within the bounds).
    func record(_ key: TextKey, visibleHeight: Double, color: Color, fractionX: Double, fractionY: Double, image: TextImageCache.Entry) {
        guard isRecording, answers, checkIdentity(), FontConfiguration.source == .bezel,
              !FontConfiguration.systemFontsLoaded || Self.drawnWithBezelsFontOnly(key) else { return }
        let pixels = image.pixels.width * image.pixels.height
        guard pixelCount + pixels <= Self.maximumPixels else { return }
        let stored: StoredText
        if let known = texts[key] {
            guard known.visibleHeight == visibleHeight, known.picture(color: color, fractionX: fractionX, fractionY: fractionY) == nil else { return }
            stored = known
        } else {
            guard texts.count < Self.maximumTexts else { return }
            stored = StoredText(visibleHeight: visibleHeight)
            texts[key] = stored
        }
        stored.pictures.append(Picture(color: color, fractionX: fractionX, fractionY: fractionY, image: image))
        stored.isUsed = true
        pixelCount += pixels
        recordedCount += 1
    }

    /// Whether `key`'s text is drawn with Bezel's own font whatever else is installed: ASCII
    /// (DejaVu Sans has all of it) in Bezel's family (its copy comes before the system's).
    /// Other texts are kept only while the system's fonts are not loaded (they then come from
    /// Bezel's and the app's fonts, which the identity covers).
    static func drawnWithBezelsFontOnly(_ key: TextKey) -> Bool {
        key.style.family == TextStyle.defaultFamily && ScriptCoverage.isASCII(key.text)
    }

    // MARK: Identity

    /// Whether the file's texts may be used: its identity is this run's, and fonts have not
    /// changed since that was checked (at the first use: the app has registered its fonts).
    private func checkIdentity() -> Bool {
        if identityChecked {
            if fontGeneration != FontRegistry.generation { stopAnswering("fonts were registered after the first text was drawn") }
            return answers
        }
        identityChecked = true
        fontGeneration = FontRegistry.generation
        let current = Self.identity()
        if let fileIdentity, fileIdentity != current {
            texts.removeAll()
            measurements.removeAll()
            pixelCount = 0
            refusal = "made by another program, text library, font set or language"
        }
        fileIdentity = current
        return answers
    }

    private func stopAnswering(_ why: String) {
        answers = false
        isRecording = false
        texts.removeAll()
        measurements.removeAll()
        refusal = why
    }

    /// This run's identity: the program, the text libraries it has loaded, the fonts, the
    /// language (each file by device, inode, size and modification time: a replaced file is a
    /// new inode).
    static func identity() -> [UInt8] {
        var writer = ByteWriter()
        // The program by its path's stamp (/proc/self/exe read as a link: valgrind answers it
        // with the program it runs, a stat of it with its own tool).
        var link = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &link, link.count - 1)
        let program = length > 0 ? String(decoding: link[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "/proc/self/exe"
        writer.append(string: "exe " + program + " " + fileStamp(program))
        for library in textLibraries() { writer.append(string: library) }
        if let fonts = FontConfiguration.bundledFontsDirectory {
            for name in directoryEntries(fonts) { writer.append(string: name + " " + fileStamp(fonts + "/" + name)) }
        }
        for file in FontRegistry.registeredFiles { writer.append(string: file + " " + fileStamp(file)) }
        writer.append(string: "lang " + String(cString: pango_language_to_string(pango_language_get_default())))
        return writer.bytes
    }

    /// Device, inode, size and modification time of `path` ("-" when it cannot be read).
    nonisolated static func fileStamp(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "-" }
        return "\(info.st_dev) \(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// The mapped text libraries of this process, "path device inode" each, in order
    /// (from /proc/self/maps: the libraries the process was linked with are mapped at start).
    /// Scanned as bytes, each line's file name tested before anything is made of it: the
    /// map's ~400 lines cost 9.8 M instructions through `split` and `String` (callgrind).
    nonisolated static func textLibraries() -> [String] {
        guard let maps = try? readFile("/proc/self/maps", limit: 4 << 20) else { return [] }
        let prefixes = ["libcairo", "libpixman", "libpango", "libharfbuzz", "libfreetype", "libfontconfig", "libfribidi",
                        "libthai", "libdatrie", "libgraphite2", "libglib", "libpng", "libbrotli", "libexpat", "libz."].map { Array($0.utf8) }
        var found: [String] = []
        maps.withUnsafeBufferPointer { map in
            var start = 0
            while start < map.count {
                let base = UnsafeRawPointer(map.baseAddress!)
                var end = map.count
                if let newline = memchr(base + start, 10, map.count - start) { end = UnsafeRawPointer(newline) - base }
                defer { start = end + 1 }
                var name = end
                while name > start, map[name - 1] != UInt8(ascii: "/") { name -= 1 }
                var matches = false
                for prefix in prefixes where !matches && end - name >= prefix.count {
                    var i = 0
                    while i < prefix.count, map[name + i] == prefix[i] { i += 1 }
                    matches = i == prefix.count
                }
                guard name > start, matches else { continue }
                // address, permissions, offset, device, inode, path (the first "/": the fields before have none).
                let fields = map[start..<end].split(separator: UInt8(ascii: " "), maxSplits: 5, omittingEmptySubsequences: true)
                guard fields.count == 6, let path = map[start..<end].firstIndex(of: UInt8(ascii: "/")) else { continue }
                let entry = String(decoding: map[path..<end], as: UTF8.self) + " " + String(decoding: fields[3], as: UTF8.self)
                    + " " + String(decoding: fields[4], as: UTF8.self)
                if !found.contains(entry) { found.append(entry) }
            }
        }
        return found.sorted()
    }

    nonisolated static func directoryEntries(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    // MARK: The file

    /// Writes the texts this run drew, if it recorded any, and stops recording. Returns
    /// whether a file was written (false: nothing new, or it could not be: reported).
    @discardableResult
    public func save() -> Bool {
        defer {
            // The start is over: the store is asked nothing more, and lets its images go.
            isRecording = false
            texts.removeAll()
            measurements.removeAll()
            pixelCount = 0
        }
        guard isRecording, recordedCount > 0, answers, let identity = fileIdentity else { return false }
        let used = texts.filter { $0.value.isUsed }
        savedCount = used.count
        var writer = ByteWriter()
        writer.append(UInt32(used.count))
        for (key, stored) in used {
            Self.append(key, to: &writer)
            writer.append(stored.visibleHeight)
            writer.append(UInt32(stored.pictures.count))
            for picture in stored.pictures {
                for channel in [picture.color.red, picture.color.green, picture.color.blue, picture.color.alpha] { writer.append(channel) }
                writer.append(picture.fractionX)
                writer.append(picture.fractionY)
                writer.append(picture.image.offsetX)
                writer.append(picture.image.offsetY)
                let image = picture.image.pixels
                writer.append(UInt32(image.width))
                writer.append(UInt32(image.height))
                cairo_surface_flush(image.surface)
                for row in 0..<image.height {
                    let start = UnsafeRawPointer(image.bits + row * Int(image.strideWords))
                    writer.append(bytes: UnsafeRawBufferPointer(start: start, count: image.width * 4))
                }
            }
        }
        let measured = measurements.filter { $0.value.isUsed }
        writer.append(UInt32(measured.count))
        for (key, kept) in measured {
            Self.append(key, to: &writer)
            writer.append(UInt8((kept.size != nil ? 1 : 0) | (kept.baselines != nil ? 2 : 0)))
            if let size = kept.size { writer.append(size.width); writer.append(size.height) }
            if let baselines = kept.baselines { writer.append(baselines.first); writer.append(baselines.last) }
        }
        var header = ByteWriter()
        header.append(bytes: Self.magic)
        header.append(Self.formatVersion)
        header.append(string: identity)
        header.append(UInt64(writer.bytes.count))
        header.append(Self.checksum(writer.bytes[...]))
        // Written as two pieces, not joined: no second copy of the images in memory.
        return write(header.bytes, writer.bytes)
    }

    private static func append(_ key: TextKey, to writer: inout ByteWriter) {
        writer.append(string: key.text)
        writer.append(string: key.style.family)
        writer.append(key.style.size)
        writer.append(UInt8(code(key.style.weight)))
        writer.append(UInt8(code(key.style.alignment)))
        writer.append(UInt64(clamping: key.style.numberOfLines))
        writer.append(UInt8(code(key.style.lineBreakMode)))
        writer.append(key.style.lineSpacing)
        writer.append(key.width)
        writer.append(key.height)
        writer.append(UInt8(key.legibility.rawValue))
    }

    private static func key(from reader: inout ByteReader) throws(CairoError) -> TextKey {
        let text = try reader.string()
        var style = TextStyle(family: try reader.string(), size: try reader.double())
        style.weight = try weight(reader.uint8())
        style.alignment = try alignment(reader.uint8())
        style.numberOfLines = Int(clamping: try reader.uint64())
        style.lineBreakMode = try lineBreakMode(reader.uint8())
        style.lineSpacing = try reader.double()
        let width = try reader.double(), height = try reader.double()
        guard let legibility = LegibilityWeight(rawValue: Int(try reader.uint8())) else { throw CairoError("an unknown legibility weight") }
        return TextKey(text: text, style: style, width: width, height: height, legibility: legibility)
    }

    private func write(_ pieces: [UInt8]...) -> Bool {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !directory.isEmpty { mkdir(directory, 0o755) }
        let temporary = path + ".\(getpid()).new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            Diagnostics.report(.platform, "text image store: \(temporary) could not be created (\(String(cString: strerror(errno)))); not saved")
            return false
        }
        var complete = true
        for bytes in pieces where complete {
            complete = bytes.withUnsafeBytes { raw -> Bool in
                var done = 0
                while done < raw.count {
                    let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                    if n <= 0 { return false }
                    done += n
                }
                return true
            }
        }
        close(fd)
        guard complete, rename(temporary, path) == 0 else {
            Diagnostics.report(.platform, "text image store: \(path) could not be written (\(String(cString: strerror(errno)))); not saved")
            unlink(temporary)
            return false
        }
        return true
    }

    /// Reads the file, if there is one; anything wrong with it and the store starts empty.
    private func load() {
        guard access(path, F_OK) == 0 else { return }
        do {
            let bytes = try readFile(path, limit: Self.maximumFileBytes)
            try parse(bytes)
        } catch {
            texts.removeAll()
            measurements.removeAll()
            pixelCount = 0
            fileIdentity = nil
            refusal = "unreadable: \(error.message)"
            Diagnostics.report(.malformedInput, "text image store: \(path) \(refusal); started empty, written again after the first frame")
        }
    }

    private func parse(_ bytes: [UInt8]) throws(CairoError) {
        var reader = ByteReader(bytes)
        guard try reader.bytes(Self.magic.count) == Self.magic[...] else { throw CairoError("not a text image file") }
        guard try reader.uint32() == Self.formatVersion else { throw CairoError("another format version") }
        // The identity's fields carry binary lengths: bytes, not text (read as UTF-8, a field of
        // 128 bytes or more, a long program path, made the whole file unreadable).
        let identity = Array(try reader.bytes(Int(try reader.uint32())))
        let length = try reader.uint64()
        let sum = try reader.uint64()
        guard length == UInt64(reader.remaining) else { throw CairoError("truncated or extended (\(reader.remaining) bytes of \(length))") }
        guard Self.checksum(bytes[reader.offset...]) == sum else { throw CairoError("its checksum does not match") }
        let count = Int(try reader.uint32())
        guard count <= Self.maximumTexts else { throw CairoError("\(count) texts, more than \(Self.maximumTexts)") }
        var loaded: [TextKey: StoredText] = [:]
        var pixels = 0
        for _ in 0..<count {
            let key = try Self.key(from: &reader)
            let stored = StoredText(visibleHeight: try reader.double())
            let pictures = Int(try reader.uint32())
            for _ in 0..<pictures {
                let color = Color(red: try reader.double(), green: try reader.double(), blue: try reader.double(), alpha: try reader.double())
                let fractionX = try reader.double(), fractionY = try reader.double()
                let offsetX = try reader.int32(), offsetY = try reader.int32()
                let width = Int(try reader.uint32()), height = Int(try reader.uint32())
                guard width > 0, height > 0, width <= 65536, height <= 65536, width * height <= Self.maximumPixels - pixels else {
                    throw CairoError("an image of \(width)x\(height) pixels, beyond the bounds")
                }
                pixels += width * height
                let rows = try reader.bytes(width * height * 4)
                guard let image = Self.image(width: width, height: height, rows: rows) else { throw CairoError("an image cairo could not make") }
                stored.pictures.append(Picture(color: color, fractionX: fractionX, fractionY: fractionY,
                                               image: TextImageCache.Entry(pixels: image, offsetX: offsetX, offsetY: offsetY)))
            }
            loaded[key] = stored
        }
        let measured = Int(try reader.uint32())
        guard measured <= Self.maximumTexts else { throw CairoError("\(measured) measurements, more than \(Self.maximumTexts)") }
        var kept: [TextKey: Measurement] = [:]
        for _ in 0..<measured {
            let key = try Self.key(from: &reader)
            let flags = try reader.uint8()
            guard flags & ~3 == 0 else { throw CairoError("an unknown measurement") }
            let measurement = Measurement()
            if flags & 1 != 0 { measurement.size = Size(width: try reader.double(), height: try reader.double()) }
            if flags & 2 != 0 { measurement.baselines = TextBaselines(first: try reader.double(), last: try reader.double()) }
            kept[key] = measurement
        }
        guard reader.remaining == 0 else { throw CairoError("\(reader.remaining) bytes after its last measurement") }
        texts = loaded
        measurements = kept
        pixelCount = pixels
        fileIdentity = identity
    }

    private static func image(width: Int, height: Int, rows: ArraySlice<UInt8>) -> PixmanImage? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        rows.withUnsafeBytes { raw in
            for row in 0..<height {
                UnsafeMutableRawPointer(data + row * stride).copyMemory(from: raw.baseAddress! + row * width * 4, byteCount: width * 4)
            }
        }
        cairo_surface_mark_dirty(surface)
        return PixmanImage(surface: surface)
    }

    /// FNV-1a's step over 8-byte words (and the last bytes one by one), 64 bits: a torn or
    /// damaged file is told from a whole one (not an attacker's: the cache folder is the
    /// service's own). Word by word: byte by byte was 0.5 M instructions for the demo's file.
    nonisolated static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let prime: UInt64 = 0x0000_0100_0000_01b3
        bytes.withUnsafeBytes { raw in
            let words = raw.count / 8
            for i in 0..<words {
                hash ^= raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self).littleEndian
                hash &*= prime
            }
            for i in words * 8..<raw.count {
                hash ^= UInt64(raw[i])
                hash &*= prime
            }
        }
        return hash
    }

    // The style's cases as stored numbers (stable across releases: append, never renumber).
    private static func code(_ weight: TextStyle.Weight) -> Int {
        switch weight { case .regular: 0; case .medium: 1; case .semibold: 2; case .bold: 3 }
    }
    private static func weight(_ code: UInt8) throws(CairoError) -> TextStyle.Weight {
        switch code { case 0: .regular; case 1: .medium; case 2: .semibold; case 3: .bold; default: throw CairoError("an unknown weight") }
    }
    private static func code(_ alignment: TextStyle.Alignment) -> Int {
        switch alignment { case .left: 0; case .center: 1; case .right: 2; case .natural: 3; case .justified: 4 }
    }
    private static func alignment(_ code: UInt8) throws(CairoError) -> TextStyle.Alignment {
        switch code { case 0: .left; case 1: .center; case 2: .right; case 3: .natural; case 4: .justified; default: throw CairoError("an unknown alignment") }
    }
    private static func code(_ mode: TextStyle.LineBreakMode) -> Int {
        switch mode {
        case .byWordWrapping: 0; case .byCharWrapping: 1; case .byClipping: 2
        case .byTruncatingTail: 3; case .byTruncatingHead: 4; case .byTruncatingMiddle: 5
        }
    }
    private static func lineBreakMode(_ code: UInt8) throws(CairoError) -> TextStyle.LineBreakMode {
        switch code {
        case 0: .byWordWrapping; case 1: .byCharWrapping; case 2: .byClipping
        case 3: .byTruncatingTail; case 4: .byTruncatingHead; case 5: .byTruncatingMiddle
        default: throw CairoError("an unknown line break mode")
        }
    }
}

/// Little-endian fields appended to a byte array.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []
    mutating func append(bytes more: some Collection<UInt8>) { bytes.append(contentsOf: more) }
    mutating func append(bytes raw: UnsafeRawBufferPointer) { bytes.append(contentsOf: raw) }
    mutating func append(_ value: UInt8) { bytes.append(value) }
    mutating func append(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func append(_ value: Int32) { append(UInt32(bitPattern: value)) }
    mutating func append(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func append(_ value: Double) { append(value.bitPattern) }
    mutating func append(string: String) {
        append(UInt32(string.utf8.count))
        bytes.append(contentsOf: string.utf8)
    }
    mutating func append(string bytes: [UInt8]) {
        append(UInt32(bytes.count))
        self.bytes.append(contentsOf: bytes)
    }
}

/// Reads `ByteWriter`'s fields back, every length checked against what is left.
struct ByteReader {
    private let data: [UInt8]
    private(set) var offset = 0
    init(_ data: [UInt8]) { self.data = data }
    var remaining: Int { data.count - offset }

    mutating func bytes(_ count: Int) throws(CairoError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw CairoError("truncated (\(count) bytes wanted, \(remaining) left)") }
        defer { offset += count }
        return data[offset..<offset + count]
    }
    mutating func uint8() throws(CairoError) -> UInt8 { try bytes(1).first! }
    mutating func uint32() throws(CairoError) -> UInt32 {
        try bytes(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }
    mutating func int32() throws(CairoError) -> Int32 { Int32(bitPattern: try uint32()) }
    mutating func uint64() throws(CairoError) -> UInt64 {
        try bytes(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
    mutating func double() throws(CairoError) -> Double { Double(bitPattern: try uint64()) }
    mutating func string() throws(CairoError) -> String {
        let count = Int(try uint32())
        guard let text = String(validating: try bytes(count), as: UTF8.self) else { throw CairoError("a string that is not UTF-8") }
        return text
    }
}
