import BezelAttacks
import Testing
@testable import Bezel

/// The remote protocol on the app's side (issue 34): framing, JSON, every request, bad and
/// oversized messages, and a session driving a real application on the virtual clock.
@MainActor
@Suite struct RemoteProtocolTests {
    func header(_ json: String) -> JSONValue { try! JSONReader.parse(Array(json.utf8)) }
    func message(_ json: String) -> RemoteMessage { RemoteMessage(header: header(json)) }
    func decoder() -> RemoteMessageDecoder { RemoteMessageDecoder(maximumHeaderBytes: 4_096, maximumPayloadBytes: 0) }

    // MARK: JSON and framing

    @Test func jsonWriterEscapesWhatRFC8259RequiresAndRoundTrips() throws {
        let value: JSONValue = .object([
            ("text", .string("quote \" backslash \\ newline \n tab \t bell \u{7} é 😀")),
            ("whole", .number(42)), ("negative", .number(-3)), ("fraction", .number(0.25)),
            ("big", .number(1e300)), ("flags", .array([.bool(true), .bool(false), .null])),
        ])
        let text = JSONWriter.string(of: value)
        #expect(text.hasPrefix(#"{"text":"quote \" backslash \\ newline \n tab \t bell \u0007 é 😀","whole":42,"negative":-3,"fraction":0.25"#))
        #expect(try JSONReader.parse(JSONWriter.bytes(of: value)) == value)
        #expect(JSONWriter.string(of: .number(.nan)) == "null")
    }

    @Test func aMessageArrivingByteByByteIsTakenOnceWhole() throws {
        let sent = RemoteMessage(header: header(#"{"id":7,"op":"health"}"#))
        var reader = RemoteMessageDecoder(maximumHeaderBytes: 64, maximumPayloadBytes: 16)
        var taken: [RemoteMessage] = []
        let bytes = sent.encoded() + RemoteMessage(header: header(#"{"id":8}"#), payload: [1, 2, 3]).encoded()
        for byte in bytes {
            reader.append([byte])
            while let next = try reader.next() { taken.append(next) }
        }
        #expect(taken == [sent, RemoteMessage(header: header(#"{"id":8}"#), payload: [1, 2, 3])])
        #expect(reader.bufferedBytes == 0)
    }

    @Test func anOversizedHeaderIsRefusedFromItsLengthAlone() {
        var reader = decoder()
        // Only the eight length bytes of a 1 MiB header: refused before any of it arrives.
        reader.append([0x00, 0x10, 0x00, 0x00, 0, 0, 0, 0])
        #expect(throws: RemoteProtocolError("a header of 1048576 bytes, over the limit of 4096")) { try reader.next() }
        // Broken streams stay broken: nothing after can be trusted.
        reader.append(message(#"{"id":1}"#).encoded())
        #expect(throws: RemoteProtocolError.self) { try reader.next() }
    }

    @Test func badFramesSayWhatIsWrong() {
        func error(_ bytes: [UInt8]) -> String? {
            var reader = decoder()
            reader.append(bytes)
            do { _ = try reader.next(); return nil } catch { return error.reason }
        }
        var withPayload = message(#"{"id":1}"#).encoded()
        withPayload[7] = 2
        withPayload += [9, 9]
        #expect(error(withPayload) == "a payload of 2 bytes where none is taken")
        #expect(error([0, 0, 0, 0, 0, 0, 0, 0]) == "a message with an empty header")
        #expect(error([0, 0, 0, 3, 0, 0, 0, 0] + Array("[1]".utf8)) == "a header that is not a JSON object")
        #expect(error([0, 0, 0, 5, 0, 0, 0, 0] + Array("{id:1".utf8))?.hasPrefix("a header that is not JSON (line 1, column 2") == true)
        // Not yet whole: no error, no message.
        #expect(error([0, 0, 0, 9]) == nil)
    }

    // MARK: Requests

    let panel = Size(width: 400, height: 800)

    func request(_ json: String) throws(RemoteRequestError) -> RemoteRequest {
        try RemoteRequest(header: header(json), panelSize: panel)
    }

    @Test func everyRequestIsRead() throws {
        #expect(try request(#"{"id":1,"op":"hello","protocol":1,"client":"ops","control":true}"#)
                == .hello(protocolVersion: 1, client: "ops", control: true))
        #expect(try request(#"{"id":1,"op":"hello","protocol":1}"#) == .hello(protocolVersion: 1, client: "", control: false))
        #expect(try request(#"{"id":2,"op":"screenshot"}"#) == .screenshot)
        #expect(try request(#"{"id":3,"op":"viewTree"}"#) == .viewTree)
        #expect(try request(#"{"id":4,"op":"accessibilityTree"}"#) == .accessibilityTree)
        #expect(try request(#"{"id":5,"op":"health"}"#) == .health)
        #expect(try request(#"{"id":6,"op":"touch","finger":9,"phase":"down","x":0,"y":799.5}"#)
                == .touch(finger: 9, phase: .down, location: Point(x: 0, y: 799.5)))
        #expect(try request(#"{"id":6,"op":"touch","finger":0,"phase":"up"}"#) == .touch(finger: 0, phase: .up, location: nil))
        #expect(try request(#"{"id":6,"op":"touch","finger":0,"phase":"cancel","x":1,"y":1}"#) == .touch(finger: 0, phase: .cancel, location: nil))
        #expect(try request(#"{"id":7,"op":"key","code":28,"down":false,"characters":"\r"}"#) == .key(code: 28, isDown: false, characters: "\r"))
    }

    @Test func badRequestsSayWhatIsWrong() {
        let cases: [(String, String)] = [
            (#"{"op":"health"}"#, #""id" must be a whole number from 0 to 2147483647"#),
            (#"{"id":1.5,"op":"health"}"#, #""id" must be a whole number from 0 to 2147483647"#),
            (#"{"id":-1,"op":"health"}"#, #""id" must be a whole number from 0 to 2147483647"#),
            (#"{"id":1,"op":7}"#, #""op" must be a string"#),
            (#"{"id":1,"op":"format the disk"}"#, #"unknown op "format the disk""#),
            (#"{"id":1,"op":"hello","protocol":2}"#, "protocol 2 is not spoken here (this app speaks 1)"),
            (#"{"id":1,"op":"hello","protocol":1,"client":"a\nb"}"#, #""client" must be a string of at most 64 characters, no control characters"#),
            (#"{"id":1,"op":"hello","protocol":1,"control":"yes"}"#, #""control" must be true or false"#),
            (#"{"id":1,"op":"touch","finger":10,"phase":"down","x":1,"y":1}"#, #""finger" must be a whole number from 0 to 9"#),
            (#"{"id":1,"op":"touch","finger":0,"phase":"press","x":1,"y":1}"#, #""phase" must be down, move, up or cancel"#),
            (#"{"id":1,"op":"touch","finger":0,"phase":"down","x":400,"y":1}"#, #""x" must be a number of points from 0 to under 400"#),
            (#"{"id":1,"op":"touch","finger":0,"phase":"move","x":1,"y":-0.5}"#, #""y" must be a number of points from 0 to under 800"#),
            (#"{"id":1,"op":"touch","finger":0,"phase":"down"}"#, #""x" must be a number of points from 0 to under 400"#),
            (#"{"id":1,"op":"key","code":0,"down":true}"#, #""code" must be a whole number from 1 to 767"#),
            (#"{"id":1,"op":"key","code":30,"down":1}"#, #""down" must be true or false"#),
            (#"{"id":1,"op":"key","code":30,"down":true,"characters":"abcdefghijklmnopq"}"#, #""characters" must be a string of at most 16 characters"#),
        ]
        for (json, reason) in cases {
            #expect(throws: RemoteRequestError(reason), "\(json)") { try request(json) }
        }
    }

    // MARK: A session on a real application

    func sessionStage() -> (Stage, RemoteSession, Button, Log) {
        let stage = Stage(trace: [.touches])
        let button = Button(frame: Rect(x: 100, y: 100, width: 120, height: 50))
        button.title = "Item 12"
        button.accessibilityIdentifier = "item12"
        stage.window.addSubview(button)
        let log = Log()
        for (event, name) in Control.Events.names where [.touchDown, .touchUpInside, .touchCancel].contains(event) {
            button.addAction(for: event) { _, _ in log.add(name) }
        }
        let session = RemoteSession(application: stage.app, panelSize: stage.window.bounds.size, appName: "test", scale: 1)
        session.audit = { log.add("audit " + $0) }
        return (stage, session, button, log)
    }

    func reply(_ session: RemoteSession, _ json: String) -> String {
        JSONWriter.string(of: session.reply(to: message(json))!.header)
    }

    @Test func helloComesFirstAndSaysWhatTheAppIs() {
        let (_, session, _, _) = sessionStage()
        #expect(reply(session, #"{"id":1,"op":"health"}"#) == #"{"id":1,"ok":false,"error":"say hello first"}"#)
        #expect(reply(session, #"{"id":2,"op":"hello","protocol":1,"client":"ops"}"#)
                == #"{"id":2,"ok":true,"app":"test","protocol":1,"size":[400,800],"scale":1,"rotation":0,"control":false}"#)
        #expect(reply(session, #"{"id":3,"op":"hello","protocol":1}"#) == #"{"id":3,"ok":false,"error":"hello was said already"}"#)
        #expect(reply(session, #"{"op":"health"}"#) == #"{"id":null,"ok":false,"error":"\"id\" must be a whole number from 0 to 2147483647"}"#)
    }

    @Test func aRemoteTapFiresTheButtonThroughThePipelineAndIsAudited() {
        let (stage, session, _, log) = sessionStage()
        _ = reply(session, #"{"id":1,"op":"hello","protocol":1,"client":"ops@10.0.0.5","control":true}"#)
        #expect(reply(session, #"{"id":2,"op":"touch","finger":0,"phase":"down","x":150,"y":120}"#) == #"{"id":2,"ok":true}"#)
        stage.fingers.wait(0.05)
        _ = reply(session, #"{"id":3,"op":"touch","finger":0,"phase":"move","x":151,"y":121}"#)
        _ = reply(session, #"{"id":4,"op":"touch","finger":0,"phase":"up","x":151,"y":121}"#)
        #expect(log.entries == [
            "audit remote control session for ops@10.0.0.5",
            "audit ops@10.0.0.5: remote finger 0 down at (150, 120)", "touchDown",
            "audit ops@10.0.0.5: remote finger 0 up at (151, 121)", "touchUpInside",
        ])
        let remoteLines = stage.lines.messages(.touches).filter { $0.hasPrefix("remote") }
        #expect(remoteLines == ["remote finger 0 down at (150, 120)", "remote finger 0 move at (151, 121)", "remote finger 0 up at (151, 121)"])
    }

    @Test func fingersMustBeDownToMoveAndUpToGoDown() {
        let (_, session, _, _) = sessionStage()
        _ = reply(session, #"{"id":1,"op":"hello","protocol":1,"control":true}"#)
        #expect(reply(session, #"{"id":2,"op":"touch","finger":3,"phase":"move","x":1,"y":1}"#) == #"{"id":2,"ok":false,"error":"finger 3 is not down"}"#)
        _ = reply(session, #"{"id":3,"op":"touch","finger":3,"phase":"down","x":1,"y":1}"#)
        #expect(reply(session, #"{"id":4,"op":"touch","finger":3,"phase":"down","x":1,"y":1}"#) == #"{"id":4,"ok":false,"error":"finger 3 is already down"}"#)
        #expect(session.fingersDown == [3])
    }

    @Test func aReadOnlyConnectionMayNotTouchOrPress() {
        let (_, session, _, log) = sessionStage()
        _ = reply(session, #"{"id":1,"op":"hello","protocol":1,"client":"viewer"}"#)
        #expect(reply(session, #"{"id":2,"op":"touch","finger":0,"phase":"down","x":150,"y":120}"#)
                == #"{"id":2,"ok":false,"error":"this connection may not touch (a read-only token)"}"#)
        #expect(reply(session, #"{"id":3,"op":"key","code":28,"down":true}"#)
                == #"{"id":3,"ok":false,"error":"this connection may not press keys (a read-only token)"}"#)
        #expect(log.entries.isEmpty)
    }

    @Test func aFingerLeftDownWhenTheConnectionEndsIsCancelled() {
        let (_, session, button, log) = sessionStage()
        _ = reply(session, #"{"id":1,"op":"hello","protocol":1,"client":"ops","control":true}"#)
        _ = reply(session, #"{"id":2,"op":"touch","finger":0,"phase":"down","x":150,"y":120}"#)
        #expect(button.isTracking)
        session.end()
        #expect(log.entries.suffix(2) == ["touchDown", "touchCancel"])
        #expect(!button.isTracking && session.fingersDown.isEmpty)
    }

    @Test func theTreesDescribeTheViewsInWindowPoints() throws {
        let (_, session, _, _) = sessionStage()
        _ = reply(session, #"{"id":1,"op":"hello","protocol":1}"#)
        let answer = session.reply(to: message(#"{"id":2,"op":"viewTree"}"#))!
        #expect(JSONWriter.string(of: answer.header) == #"{"id":2,"ok":true,"format":"json"}"#)
        let tree = try JSONReader.parse(answer.payload)
        guard case .array(let windows)? = tree["windows"], case .array(let views)? = windows.first?["subviews"] else {
            Issue.record("no window with subviews: \(JSONWriter.string(of: tree))"); return
        }
        #expect(windows.first?["class"] == .string("Window"))
        let button = try #require(views.first { $0["identifier"] == .string("item12") })
        #expect(button["class"] == .string("Button"))
        #expect(button["frame"] == .array([.number(100), .number(100), .number(120), .number(50)]))
        #expect(button["text"] == .string("Item 12"))
        #expect(button["control"] == .object([("enabled", .bool(true)), ("selected", .bool(false)), ("highlighted", .bool(false))]))
        #expect(button["accessibility"]?["traits"] == .array([.string("button")]))

        let elements = try JSONReader.parse(session.reply(to: message(#"{"id":3,"op":"accessibilityTree"}"#))!.payload)
        guard case .array(let list)? = elements["windows"], case .array(let items)? = list.first?["elements"] else {
            Issue.record("no elements: \(JSONWriter.string(of: elements))"); return
        }
        #expect(items.first?["label"] == .string("Item 12"))
        #expect(items.first?["identifier"] == .string("item12"))
    }

    @Test func aDeepTreeIsCutAtItsBounds() throws {
        let (stage, session, _, _) = sessionStage()
        var parent: View = stage.window
        for _ in 0..<1_000 {
            let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            parent.addSubview(child)
            parent = child
        }
        _ = reply(session, #"{"id":1,"op":"hello","protocol":1}"#)
        let text = String(decoding: session.reply(to: message(#"{"id":2,"op":"viewTree"}"#))!.payload, as: UTF8.self)
        #expect(text.contains(#""truncated":true"#))
        // The reader's own depth bound (64) is lower than the tree's (128): the text is checked instead.
        #expect(text.split(separator: #""class":"View""#).count - 1 == ViewTreeReport.maximumDepth - 1)
    }

    @Test func screenshotAndHealthComeFromTheRuntimesProviders() {
        let (_, session, _, _) = sessionStage()
        _ = reply(session, #"{"id":1,"op":"hello","protocol":1}"#)
        #expect(reply(session, #"{"id":2,"op":"screenshot"}"#) == #"{"id":2,"ok":false,"error":"no frame has been drawn yet"}"#)
        session.screenshot = { RemotePicture(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6, 7, 8]) }
        session.health = { [("framesShown", .number(3))] }
        let shot = session.reply(to: message(#"{"id":3,"op":"screenshot"}"#))!
        #expect(JSONWriter.string(of: shot.header) == #"{"id":3,"ok":true,"format":"xrgb8888","width":2,"height":1}"#)
        #expect(shot.payload == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(reply(session, #"{"id":4,"op":"health"}"#) == #"{"id":4,"ok":true,"framesShown":3}"#)
    }

    /// Thousands of mutated and random streams through the decoder and a control session: every
    /// one ends in messages answered or a protocol error, never a crash, and the session's
    /// fingers are all cancelled at the end (no touch left live in the app).
    @Test func fuzzedStreamsNeverCrashAndLeaveNoFingerDown() {
        let (_, session, button, _) = sessionStage()
        _ = reply(session, #"{"id":0,"op":"hello","protocol":1,"control":true}"#)
        let seeds = [
            #"{"id":1,"op":"touch","finger":0,"phase":"down","x":150,"y":120}"#, #"{"id":2,"op":"touch","finger":0,"phase":"move","x":10,"y":20}"#,
            #"{"id":3,"op":"touch","finger":1,"phase":"up"}"#, #"{"id":4,"op":"key","code":30,"down":true,"characters":"a"}"#,
            #"{"id":5,"op":"viewTree"}"#, #"{"id":6,"op":"health"}"#, #"{"id":7,"op":"accessibilityTree"}"#,
        ].map { message($0).encoded() }
        var random = SplitMix64(seed: 34)
        var answered = 0, broken = 0
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) { bytes += seeds.randomElement(using: &random)! }
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
                default: bytes.remove(at: index)
                }
                if bytes.isEmpty { break }
            }
            var reader = decoder()
            var offset = 0
            while offset < bytes.count {
                let step = Int.random(in: 1...64, using: &random)
                reader.append(bytes[offset..<min(bytes.count, offset + step)])
                offset += step
                do {
                    while let next = try reader.next() {
                        let answer = session.reply(to: next)
                        // Only a live view's request waits (no frame is drawn here).
                        #expect(answer?.header["ok"] != nil || next.header["op"]?.stringValue == "nextFrame")
                        answered += 1
                    }
                } catch {
                    broken += 1
                    break
                }
            }
        }
        session.end()
        #expect(answered > 3_000 && broken > 100, "answered \(answered), broken \(broken)")
        #expect(session.fingersDown.isEmpty && !button.isTracking)
    }
}
