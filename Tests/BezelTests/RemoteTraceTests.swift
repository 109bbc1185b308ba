import Testing
@testable import Bezel

/// The trace and log streams on the app's side (issue 34, `nextTrace`): trace categories only
/// for a control connection, lines held until taken, the tracer as it was once nobody watches,
/// and a bounded buffer whose overflow is counted.
@MainActor
@Suite struct RemoteTraceTests {
    func header(_ json: String) -> JSONValue { try! JSONReader.parse(Array(json.utf8)) }

    func session(_ stage: Stage, control: Bool, hub: RemoteTraceHub) -> RemoteSession {
        let session = RemoteSession(application: stage.app, panelSize: stage.window.bounds.size)
        session.traceHub = hub
        _ = session.reply(to: RemoteMessage(header: header(#"{"id":0,"op":"hello","protocol":1,"client":"ops","control":\#(control)}"#)))
        return session
    }

    @Test func aControlConnectionReadsTheTouchesItCausesAndTheTracerIsRestoredAfter() throws {
        let stage = Stage(trace: [.actions])
        let button = Button(frame: Rect(x: 100, y: 100, width: 120, height: 50))
        stage.window.addSubview(button)
        let hub = RemoteTraceHub(tracer: stage.app.tracer)
        let session = session(stage, control: true, hub: hub)
        #expect(session.reply(to: RemoteMessage(header: header(#"{"id":1,"op":"nextTrace","categories":["touches"],"log":true}"#))) == nil,
                "nothing traced yet: the request waits")
        #expect(stage.app.tracer.categories == [.actions, .touches])
        _ = session.reply(to: RemoteMessage(header: header(#"{"id":2,"op":"touch","finger":0,"phase":"down","x":150,"y":120}"#)))
        hub.log("info: a log line")
        let update = try #require(session.takeWaitingReply())
        #expect(update.header["id"] == .number(1) && update.header["dropped"] == .number(0))
        let lines = String(decoding: update.payload, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.first == "[touches] remote finger 0 down at (150, 120)", "\(lines)")
        #expect(lines.last == "[log] info: a log line")
        // The app's own sink had its own category only: no touches line reached it.
        #expect(stage.lines.messages(.touches).isEmpty)
        #expect(session.takeWaitingReply() == nil, "taken: nothing waits")

        session.end()
        #expect(hub.watcherCount == 0 && stage.app.tracer.categories == [.actions])
        stage.app.tracer.log(.touches, "not traced")
        #expect(stage.lines.messages(.touches).isEmpty)
    }

    @Test func aReadOnlyConnectionMayReadTheLogButNoTraceCategory() {
        let stage = Stage()
        let hub = RemoteTraceHub(tracer: stage.app.tracer)
        let session = session(stage, control: false, hub: hub)
        let refused = session.reply(to: RemoteMessage(header: header(#"{"id":1,"op":"nextTrace","categories":["presses"]}"#)))
        #expect(refused?.header["error"]?.stringValue?.hasPrefix("trace categories need a control connection") == true)
        #expect(stage.app.tracer.categories.isEmpty)
        #expect(session.reply(to: RemoteMessage(header: header(#"{"id":2,"op":"nextTrace","log":true}"#))) == nil)
        #expect(session.reply(to: RemoteMessage(header: header(#"{"id":3,"op":"nextTrace","log":true}"#)))?.header["error"]
                == .string("a nextTrace request is waiting already"))
    }

    @Test func badStreamRequestsSayWhatIsWrong() {
        let stage = Stage()
        let session = session(stage, control: true, hub: RemoteTraceHub(tracer: stage.app.tracer))
        func error(_ json: String) -> String? { session.reply(to: RemoteMessage(header: header(json)))?.header["error"]?.stringValue }
        #expect(error(#"{"id":1,"op":"nextTrace"}"#) == "nextTrace asks for no category and no log")
        #expect(error(#"{"id":1,"op":"nextTrace","categories":["touchez"]}"#) == #""categories": "touchez" is not one of all, hittest,touches,gestures,actions,presses,layout,speech"#)
        #expect(error(#"{"id":1,"op":"nextTrace","categories":"touches"}"#) == #""categories" must be an array of trace category names"#)
        #expect(error(#"{"id":1,"op":"nextTrace","log":1}"#) == #""log" must be true or false"#)
        let noHub = RemoteSession(application: stage.app, panelSize: stage.window.bounds.size)
        _ = noHub.reply(to: RemoteMessage(header: header(#"{"id":0,"op":"hello","protocol":1}"#)))
        #expect(noHub.reply(to: RemoteMessage(header: header(#"{"id":1,"op":"nextTrace","log":true}"#)))?.header["error"] == .string("this app has no trace stream"))
    }

    @Test func aReaderThatFallsBehindIsToldHowManyLinesItMissed() throws {
        let stage = Stage()
        let hub = RemoteTraceHub(tracer: stage.app.tracer)
        let session = session(stage, control: false, hub: hub)
        _ = session.reply(to: RemoteMessage(header: header(#"{"id":1,"op":"nextTrace","log":true}"#)))
        for index in 0..<1_300 { hub.log("line \(index)") }
        hub.log(String(repeating: "x", count: 10_000))
        let update = try #require(session.takeWaitingReply())
        let lines = String(decoding: update.payload, as: UTF8.self).split(separator: "\n")
        let dropped = Int(update.header["dropped"]?.numberValue ?? 0)
        #expect(dropped > 0 && lines.count <= RemoteTraceHub.maximumBufferedLines && dropped + lines.count == 1_301)
        #expect(lines[lines.count - 2] == "[log] line 1299", "the newest lines are kept")
        #expect(lines.last!.utf8.count <= RemoteTraceHub.longestLine + 3, "a long line is cut")
    }
}
