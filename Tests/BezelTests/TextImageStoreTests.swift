import Testing
@testable import Bezel
@testable import BezelCairo
import BezelScenes
@testable import BezelRuntime
#if canImport(Glibc)
import Glibc
#endif

/// Issue 36 item 1: the first screen's texts kept between runs (`TextImageStore`). A start
/// with the store draws them with no layout made, in exactly the pixels of a start without it;
/// a damaged file, another identity or fonts registered later leave the store unused, never a
/// wrong picture or a crash.
@MainActor
@Suite(.serialized, .fontsRegistered) struct TextImageStoreTests {
    /// A folder of its own for each test.
    private func folder(_ name: String) -> String {
        let path = "/tmp/bezel-text-image-store-\(getpid())-\(name)"
        unlink(path + "/" + TextImageStore.fileName)
        rmdir(path)
        return path
    }

    /// The standard kiosk scene (the start-up figure's) rendered once, with `store` if given.
    private func firstFrame(store: TextImageStore?) throws -> HeadlessDisplay {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let scene = StandardKioskScene(application: app)
        let display = try HeadlessDisplay(window: scene.window)
        display.textImageStore = store
        display.renderFrame()
        return display
    }

    private func reports(during body: () throws -> Void) rethrows -> [String] {
        var reports: [String] = []
        let saved = Diagnostics.handler
        Diagnostics.handler = { reports.append($0.message) }
        defer { Diagnostics.handler = saved }
        try body()
        return reports
    }

    @Test func theNextStartDrawsTheKeptTextsWithNoLayoutInTheSamePixels() throws {
        let path = folder("same")
        let reference = try firstFrame(store: nil)
        let first = TextImageStore(directory: path)
        let recorded = try firstFrame(store: first)
        #expect(first.count >= 10, "the scene's labels and buttons kept (\(first.count))")
        #expect(first.textsDrawn == 0)
        let kept = first.count
        #expect(first.save())
        #expect(first.savedCount == kept)
        #expect(!first.isRecording)
        #expect(recorded.framebuffer.countDifferingPixels(from: reference.framebuffer, tolerance: 0) == 0)

        let second = TextImageStore(directory: path)
        #expect(second.count == kept)
        let replayed = try firstFrame(store: second)
        #expect(second.textsDrawn == kept, "every kept text drawn from the store")
        #expect(replayed.context.textImages.imagesMade == 0, "no text image made from a layout")
        #expect(replayed.framebuffer.countDifferingPixels(from: reference.framebuffer, tolerance: 0) == 0)
        #expect(second.refusal.isEmpty)
        // Nothing new: the file is not written again.
        #expect(!second.save())
    }

    @Test func aTextInAnotherColourIsDrawnFromItsLayoutAndKeptWhileRecording() throws {
        let path = folder("colour")
        let first = TextImageStore(directory: path)
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 100), application: app)
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        let label = Label(frame: Rect(x: 10, y: 10, width: 200, height: 40), text: "Tickets")
        label.textColor = .black
        window.addSubview(label)
        let display = try HeadlessDisplay(window: window)
        display.textImageStore = first
        display.renderFrame()
        #expect(first.count == 1)
        label.textColor = .systemRed
        display.renderFrame()
        #expect(first.textsDrawn == 0, "red was never kept")
        #expect(first.count == 1, "the same text, a second picture")
        #expect(first.save())

        let second = TextImageStore(directory: path)
        display.textImageStore = second
        label.textColor = .black
        display.renderFrame()
        label.textColor = .systemRed
        display.renderFrame()
        #expect(second.textsDrawn == 2, "both colours from the store")
    }

    @Test func onlyTheTextsThisStartDrewAreKept() throws {
        // A clock on the first screen: each start draws another time. The file keeps this
        // start's, not every time an earlier start showed.
        let path = folder("clock")
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 100), application: app)
        window.makeKeyAndVisible()
        let title = Label(frame: Rect(x: 10, y: 10, width: 200, height: 30), text: "Tickets")
        let clock = Label(frame: Rect(x: 10, y: 50, width: 200, height: 30), text: "09:41")
        window.addSubview(title)
        window.addSubview(clock)
        let display = try HeadlessDisplay(window: window)
        for minute in 41..<45 {
            let store = TextImageStore(directory: path)
            display.textImageStore = store
            clock.text = "09:\(minute)"
            window.setNeedsDisplay()
            display.renderFrame()
            #expect(store.textsDrawn == (minute == 41 ? 0 : 1), "the title from the store after the first start")
            #expect(store.save())
            #expect(TextImageStore(directory: path).count == 2, "the title and this start's time only")
        }
    }

    @Test func aScreenLaidOutByItsLabelsSizesTakesTheKeptMeasurements() throws {
        // A stack view sizes its labels by their text (TextMetrics.measurer): kept too, the
        // next start measures nothing with Pango.
        let path = folder("measured")
        func start(_ store: TextImageStore) throws -> HeadlessDisplay {
            let app = Application(clock: VirtualClock(), tracer: Tracer())
            let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 240), application: app)
            window.backgroundColor = .white
            window.makeKeyAndVisible()
            let labels = ["Departures", "Platform 4", "On time"].map { Label(text: $0) }
            let stack = StackView(frame: Rect(x: 10, y: 10, width: 300, height: 200), arrangedSubviews: labels)
            stack.axis = .vertical
            stack.alignment = .leading
            window.addSubview(stack)
            let display = try HeadlessDisplay(window: window)
            display.textImageStore = store
            TextImageStore.measure(with: store)
            display.renderFrame()
            return display
        }
        defer { TextImageStore.measure(with: nil) }
        let first = TextImageStore(directory: path)
        let recorded = try start(first)
        #expect(first.measurementCount >= 3, "the three labels measured (\(first.measurementCount))")
        #expect(first.save())
        let second = TextImageStore(directory: path)
        let replayed = try start(second)
        #expect(second.measurementsAnswered >= 3)
        #expect(second.textsDrawn == 3)
        #expect(replayed.framebuffer.countDifferingPixels(from: recorded.framebuffer, tolerance: 0) == 0)
    }

    @Test func aDamagedFileIsReportedLeftUnusedAndWrittenAgain() throws {
        let path = folder("damaged")
        let reference = try firstFrame(store: nil)
        let first = TextImageStore(directory: path)
        _ = try firstFrame(store: first)
        let kept = first.count
        #expect(first.save())
        let file = path + "/" + TextImageStore.fileName
        let whole = try readFile(file, limit: 1 << 24)
        // Truncated, one byte flipped in an image, garbage, empty: each refused as a whole.
        var flipped = whole
        flipped[whole.count - 100] ^= 0x40
        let damaged: [(String, [UInt8])] = [("truncated", Array(whole.prefix(whole.count / 2))), ("flipped", flipped),
                                            ("garbage", (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }), ("empty", [])]
        for (what, bytes) in damaged {
            try write(bytes, to: file)
            var store: TextImageStore?
            let said = reports { store = TextImageStore(directory: path) }
            let loaded = try #require(store)
            #expect(loaded.count == 0, "\(what): nothing used")
            #expect(!loaded.refusal.isEmpty, "\(what): says why")
            #expect(said.contains { $0.contains("text image store") && $0.contains("started empty") }, "\(what): reported")
            let display = try firstFrame(store: loaded)
            #expect(loaded.textsDrawn == 0)
            #expect(display.framebuffer.countDifferingPixels(from: reference.framebuffer, tolerance: 0) == 0, "\(what): the same pixels")
            #expect(loaded.save(), "\(what): written again")
            #expect(TextImageStore(directory: path).count == kept, "\(what): whole again")
        }
    }

    @Test func aFileOfAnotherProgramOrFontSetIsNotUsed() throws {
        let path = folder("identity")
        let first = TextImageStore(directory: path)
        _ = try firstFrame(store: first)
        let kept = first.count
        #expect(first.save())
        // The identity (in the header, outside the checksum) of another program: the same
        // length, one letter changed.
        let file = path + "/" + TextImageStore.fileName
        var bytes = try readFile(file, limit: 1 << 24)
        let exe = Array("exe ".utf8)
        let at = try #require((0..<(bytes.count - exe.count)).first { bytes[$0..<$0 + exe.count].elementsEqual(exe) })
        bytes[at + 1] = UInt8(ascii: "y")
        try write(bytes, to: file)
        let other = TextImageStore(directory: path)
        #expect(other.count == kept, "read, not yet checked")
        let reference = try firstFrame(store: nil)
        let display = try firstFrame(store: other)
        #expect(other.textsDrawn == 0)
        #expect(other.refusal.contains("another program"))
        #expect(display.framebuffer.countDifferingPixels(from: reference.framebuffer, tolerance: 0) == 0)
        #expect(other.save(), "written again with this run's identity")
        #expect(TextImageStore(directory: path).count == kept)
    }

    @Test func fontsRegisteredAfterTheFirstTextStopTheStore() throws {
        let path = folder("fonts")
        let first = TextImageStore(directory: path)
        _ = try firstFrame(store: first)
        let kept = first.count
        #expect(first.save())
        let second = TextImageStore(directory: path)
        let display = try firstFrame(store: second)
        #expect(second.textsDrawn == kept)
        // A font registered now (FontRegistry's generation moves): a kept text might fall
        // back differently now; the store answers nothing more.
        FontRegistry.generation += 1
        display.window.setNeedsDisplay()
        display.renderFrame()
        #expect(second.textsDrawn == kept, "no more texts from the store")
        #expect(second.count == 0)
        #expect(second.refusal.contains("fonts were registered"))
        #expect(!second.save())
    }

    @Test func anIdentityWithLongFieldsIsReadBack() throws {
        // A program path of 131 bytes (the sanitizer build's test bundle) made its length field
        // 0x83: not UTF-8, and the whole file was refused as unreadable.
        let path = folder("long-identity")
        mkdir(path, 0o755)
        var identity = ByteWriter()
        identity.append(string: "exe /" + String(repeating: "x", count: 200))
        var payload = ByteWriter()
        payload.append(UInt32(0))
        payload.append(UInt32(0))
        var file = ByteWriter()
        file.append(bytes: TextImageStore.magic)
        file.append(TextImageStore.formatVersion)
        file.append(string: identity.bytes)
        file.append(UInt64(payload.bytes.count))
        file.append(TextImageStore.checksum(payload.bytes[...]))
        file.append(bytes: payload.bytes)
        try write(file.bytes, to: path + "/" + TextImageStore.fileName)
        let store = TextImageStore(directory: path)
        #expect(store.refusal.isEmpty, "read: \(store.refusal)")
        _ = try firstFrame(store: store)
        #expect(store.refusal.contains("another program"), "then refused for its identity: \(store.refusal)")
    }

    @Test func anUnwritableFolderIsReportedNotFatal() throws {
        let store = TextImageStore(directory: "/proc/bezel-no-such-folder")
        _ = try firstFrame(store: store)
        var saved = true
        let said = reports { saved = store.save() }
        #expect(!saved)
        #expect(said.contains { $0.contains("not saved") })
    }

    @Test func everyFieldOfTheTextStyleIsInTheStoresKey() {
        // A field added to TextStyle changes how text is drawn: it must go into the store's file
        // (TextImageStore.save/parse) or into TextKey's normalisation, and into this list.
        let fields = Set(Mirror(reflecting: TextStyle()).children.compactMap(\.label))
        #expect(fields == ["family", "size", "weight", "color", "alignment", "numberOfLines", "lineBreakMode", "fontTextStyle", "_lineSpacing"]
                || fields == ["family", "size", "weight", "color", "alignment", "numberOfLines", "lineBreakMode", "fontTextStyle", "lineSpacing"],
                "TextStyle's fields: \(fields.sorted())")
    }

    @Test func theSettingNamesAFolderOrOff() {
        var configuration = RuntimeConfiguration()
        let setting = RuntimeSetting.all.first { $0.key == "text_image_cache" }!
        #expect(setting.apply(&configuration, "/var/cache/kiosk") == nil && configuration.textImageCache == "/var/cache/kiosk")
        #expect(TextImageStore.forService(folder: configuration.textImageCache)?.path == "/var/cache/kiosk/" + TextImageStore.fileName)
        #expect(setting.apply(&configuration, "off") == nil && TextImageStore.forService(folder: configuration.textImageCache) == nil)
        #expect(setting.apply(&configuration, "cache") == "off, or an absolute path (e.g. /var/cache/bezel)")
    }

    private func write(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        try #require(written == bytes.count)
    }
}
