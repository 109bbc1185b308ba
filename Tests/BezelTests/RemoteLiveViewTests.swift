import BezelCairo
import Testing
@testable import Bezel

/// The live view's updates on the app's side (issue 34, `nextFrame`): the first is the whole
/// frame, later ones only the changed rectangles, one at a time, and nothing while nobody asks.
/// Drawn for real (HeadlessDisplay), so the pixels sent are the frame's own.
@MainActor
@Suite struct RemoteLiveViewTests {
    @MainActor struct Panel {
        let stage = Stage()
        let display: HeadlessDisplay
        let session: RemoteSession
        let button: Button

        init() throws {
            button = Button(frame: Rect(x: 100, y: 100, width: 120, height: 50))
            button.title = "Item 12"
            stage.window.addSubview(button)
            display = try HeadlessDisplay(window: stage.window)
            session = RemoteSession(application: stage.app, panelSize: stage.window.bounds.size)
            let cache = display.cache
            session.frameSize = { (cache.width, cache.height) }
            session.framePixels = { cache.packedPixels(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
            _ = session.reply(to: RemoteMessage(header: .object([("id", .number(0)), ("op", .string("hello")),
                                                                 ("protocol", .number(1)), ("control", .bool(true))])))
            display.renderFrame()
        }

        func request(_ json: String) -> RemoteMessage? {
            session.reply(to: RemoteMessage(header: try! JSONReader.parse(Array(json.utf8))))
        }

        /// Draws what changed and tells the session, as the runtime does.
        func drawFrame() {
            session.frameDrawn(damage: display.panelPixels(of: display.renderFrame()))
        }
    }

    /// The client's copy of the frame: the updates' rectangles patched in, in order.
    static func apply(_ update: RemoteMessage, to picture: inout [UInt8], width: Int) {
        var offset = 0
        for rect in update.header["rects"]?.arrayValue ?? [] {
            let numbers = rect.arrayValue!.map { Int($0.numberValue!) }
            for row in 0..<numbers[3] {
                let start = ((numbers[1] + row) * width + numbers[0]) * 4
                picture.replaceSubrange(start..<start + numbers[2] * 4, with: update.payload[offset..<offset + numbers[2] * 4])
                offset += numbers[2] * 4
            }
        }
        #expect(offset == update.payload.count, "the payload holds exactly the rectangles' pixels")
    }

    @Test func theFirstUpdateIsTheWholeFrameThenOnlyWhatChanged() throws {
        let panel = try Panel()
        let first = try #require(panel.request(#"{"id":1,"op":"nextFrame"}"#))
        #expect(JSONWriter.string(of: first.header) == #"{"id":1,"ok":true,"width":400,"height":800,"rects":[[0,0,400,800]]}"#)
        var picture = first.payload
        #expect(picture == panel.display.cache.packedPixels())

        // Nothing changed: the request waits, and a second one meanwhile is the client's mistake.
        #expect(panel.request(#"{"id":2,"op":"nextFrame"}"#) == nil)
        #expect(panel.request(#"{"id":3,"op":"nextFrame"}"#)?.header["error"]?.stringValue == "a nextFrame request is waiting already")
        panel.drawFrame()
        #expect(panel.session.takeFrameUpdate() == nil, "no frame changed")

        // A remote finger presses the button: its rectangle alone travels, and patched into the
        // client's copy it gives the frame on screen.
        #expect(panel.request(#"{"id":4,"op":"touch","finger":0,"phase":"down","x":150,"y":120}"#)?.header["ok"] == .bool(true))
        panel.drawFrame()
        let pressed = try #require(panel.session.takeFrameUpdate())
        #expect(pressed.header["id"] == .number(2))
        let rects = try #require(pressed.header["rects"]?.arrayValue)
        #expect(!rects.isEmpty && pressed.payload.count < first.payload.count / 10, "only the button's pixels: \(rects)")
        Self.apply(pressed, to: &picture, width: 400)
        #expect(picture == panel.display.cache.packedPixels())
        #expect(panel.session.takeFrameUpdate() == nil, "one update a request")
    }

    @Test func framesDrawnWhileNoRequestWaitsTravelAsOneUpdate() throws {
        let panel = try Panel()
        var picture = try #require(panel.request(#"{"id":1,"op":"nextFrame"}"#)).payload
        // Two frames (pressed, then released) before the client asks again: their damage merges.
        _ = panel.request(#"{"id":2,"op":"touch","finger":0,"phase":"down","x":150,"y":120}"#)
        panel.drawFrame()
        _ = panel.request(#"{"id":3,"op":"touch","finger":0,"phase":"up"}"#)
        panel.button.title = "Done"
        panel.drawFrame()
        let update = try #require(panel.request(#"{"id":4,"op":"nextFrame"}"#), "damage was waiting: answered at once")
        Self.apply(update, to: &picture, width: 400)
        #expect(picture == panel.display.cache.packedPixels())
    }

    @Test func damageIsNotKeptForAConnectionThatNeverWatched() throws {
        let panel = try Panel()
        _ = panel.request(#"{"id":2,"op":"touch","finger":0,"phase":"down","x":150,"y":120}"#)
        panel.drawFrame()
        #expect(panel.session.frameUpdate.unsent.isEmpty)
        #expect(panel.session.takeFrameUpdate() == nil)
    }

    @Test func manyRectanglesMergeAndRegionsStayInsideTheFrame() {
        var update = RemoteFrameUpdate()
        let firstTaken = update.request(id: 1)
        #expect(firstTaken)
        #expect(update.take(width: 100, height: 50)?.regions == [PixelRegion(x: 0, y: 0, width: 100, height: 50)])
        let damage = (0..<20).map { Rect(x: Double($0) * 4.5, y: 1, width: 2, height: 2) }
            + [Rect(x: -10, y: -10, width: 5, height: 5), Rect(x: 90.5, y: 40.2, width: 50, height: 50), Rect(x: .nan, y: 0, width: 1, height: 1)]
        update.frameDrawn(damage: damage, width: 100, height: 50)
        let secondTaken = update.request(id: 2)
        #expect(secondTaken)
        let regions = update.take(width: 100, height: 50)?.regions
        // 21 rectangles inside the frame (the off-frame and NaN ones dropped): over the limit, one box.
        #expect(regions == [PixelRegion(x: 0, y: 1, width: 100, height: 49)])
        #expect(PixelRegion(covering: Rect(x: 1.5, y: 0.5, width: 1, height: 1), width: 10, height: 10) == PixelRegion(x: 1, y: 0, width: 2, height: 2))
    }
}
