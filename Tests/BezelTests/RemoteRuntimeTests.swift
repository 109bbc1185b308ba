import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Bezel
@testable import BezelCairo
@testable import BezelLinux

/// The remote socket in a real runtime process (issue 34): `bezel-runtime-check`, headless,
/// with `remote_socket` set, driven over the socket as bezel-remote drives it. Its main loop
/// serves the socket between frames; its screenshot is the frame it drew (the standard
/// scene's golden); a remote tap on Item 12 reaches the button's action in that process.
@MainActor
@Suite struct RemoteRuntimeTests {
    func request(_ client: UnixSocketConnection, _ decoder: inout RemoteMessageDecoder, _ json: String) throws -> RemoteMessage {
        try client.writeAll(RemoteMessage(header: try JSONReader.parse(Array(json.utf8))).encoded())
        while true {
            if let message = try decoder.next() { return message }
            switch try client.read() {
            case .bytes(let bytes): decoder.append(bytes)
            case .closed: throw RemoteProtocolError("the app closed the connection")
            case .wouldBlock: continue
            }
        }
    }

    @Test func aRemoteClientSeesTheFrameAndTapsItem12InARealRuntime() throws {
        let path = try #require(MainLoopTests.checkerPath(), "bezel-loop-check is built beside the tests").replacing("bezel-loop-check", with: "bezel-runtime-check")
        let directory = "/tmp/bezel-remote-runtime-\(getpid())"
        _ = runCommand("rm -rf \(directory) && mkdir -p \(directory)")
        defer { _ = runCommand("rm -rf \(directory)") }
        let socket = directory + "/remote.sock", output = directory + "/output"
        // Headless, remote on for this user; ended by SIGTERM below, or by its own 900 s bound.
        // (Not under timeout(1): started in the background, it did not pass SIGTERM on.)
        let (pid, _) = runCommand("BEZEL_CONFIG=/dev/null BEZEL_BACKEND=headless BEZEL_REMOTE_SOCKET=\(socket) BEZEL_REMOTE_USER=\(getuid()) "
                                  + "\(path) '' '' wait-signal > \(output) 2>&1 & echo $!")
        defer { _ = runCommand("kill \(pid.trimmingSpaces) 2>/dev/null") }
        // The socket appears once the runtime is up (its first frame is drawn before it).
        var client: UnixSocketConnection?
        for _ in 0..<1_200 where client == nil {
            client = try? UnixSocketConnection.connect(to: socket)
            if client == nil { usleep(50_000) }
        }
        let app = try #require(client, "no socket after 60 s: \(runCommand("cat \(output)").output)")
        var decoder = RemoteMessageDecoder(maximumHeaderBytes: 1 << 16, maximumPayloadBytes: 1 << 26)

        let hello = try request(app, &decoder, #"{"id":1,"op":"hello","protocol":1,"client":"test","control":true}"#)
        #expect(JSONWriter.string(of: hello.header) == #"{"id":1,"ok":true,"app":"bezel-runtime-check","protocol":1,"size":[800,480],"scale":1,"rotation":0,"control":true}"#)

        let shot = try request(app, &decoder, #"{"id":2,"op":"screenshot"}"#)
        #expect(shot.header["format"] == .string("xrgb8888"))
        let width = Int(shot.header["width"]?.numberValue ?? 0), height = Int(shot.header["height"]?.numberValue ?? 0)
        try #require(width == 800 && height == 480 && shot.payload.count == width * height * 4)
        // As bezel-remote serves it: a PNG of the pixels, read back here.
        let png = try ImageBuffer(width: width, height: height, packedPixels: shot.payload).pngData()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let file = directory + "/shot.png"
        let handle = fopen(file, "wb")
        _ = png.withUnsafeBytes { fwrite($0.baseAddress, 1, png.count, handle) }
        fclose(handle)
        let image = try ImageBuffer(contentsOfPNG: file)
        #expect(try Snapshot.check(image, named: "standard-scene"))

        let tree = try JSONReader.parse(try request(app, &decoder, #"{"id":3,"op":"viewTree"}"#).payload)
        let item12 = try #require(Self.views(in: tree).first { $0["text"] == .string("Item 12") }, "no Item 12 in \(JSONWriter.string(of: tree))")
        guard case .array(let frame)? = item12["frame"], frame.count == 4 else { Issue.record("no frame"); return }
        let x = frame[0].numberValue! + frame[2].numberValue! / 2, y = frame[1].numberValue! + frame[3].numberValue! / 2
        for (id, phase) in [(4, "down"), (5, "up")] {
            let answer = try request(app, &decoder, #"{"id":\#(id),"op":"touch","finger":0,"phase":"\#(phase)","x":\#(x),"y":\#(y)}"#)
            #expect(answer.header["ok"] == .bool(true), "\(JSONWriter.string(of: answer.header))")
        }
        // The tap's frame is drawn at the app's next frame, which a loaded host may put after
        // the next request: health is asked again (a new id each time) until it has a draw time.
        var health = try request(app, &decoder, #"{"id":6,"op":"health"}"#)
        for id in 7..<607 where health.header["drawMsMedian"] == nil {
            usleep(50_000)
            health = try request(app, &decoder, #"{"id":\#(id),"op":"health"}"#)
        }
        #expect(health.header["backend"] == .string("headless"))
        #expect(health.header["remoteConnections"] == .number(1))
        #expect(health.header["display"] == .string("headless 800x480"))
        #expect(health.header["inputDevices"] == .array([]), "headless: no input device")
        // The tap's frame was drawn: its time is there (milliseconds).
        let drawn = try #require(health.header["drawMsMedian"]?.numberValue)
        #expect(drawn >= 0 && drawn <= (health.header["drawMsMax"]?.numberValue ?? -1))

        // The tap's action ran in the app: it says so on its output, and the audit lines are in its log.
        var said = ""
        for _ in 0..<600 where !said.contains("BEZEL-RUNTIME shown") {
            usleep(50_000)
            said = runCommand("cat \(output)").output
        }
        #expect(said.contains("BEZEL-RUNTIME tapped"), "\(said)")
        #expect(said.contains("remote: serving \(socket) for user \(getuid())"), "\(said)")
        #expect(said.contains("remote: test: remote finger 0 down at ("), "\(said)")
        #expect(said.contains("remote: test: remote finger 0 up at ("), "\(said)")

        // SIGTERM: the app ends and takes its socket file with it.
        _ = runCommand("kill -TERM \(pid.trimmingSpaces)")
        for _ in 0..<600 where runCommand("kill -0 \(pid.trimmingSpaces) 2>/dev/null").status == 0 { usleep(50_000) }
        #expect(runCommand("kill -0 \(pid.trimmingSpaces) 2>/dev/null").status != 0, "still running after SIGTERM")
        #expect(access(socket, F_OK) != 0, "the socket file is left behind")
        #expect(runCommand("cat \(output)").output.contains("BEZEL-RUNTIME stopped"))
    }

    static func views(in tree: JSONValue) -> [JSONValue] {
        var found: [JSONValue] = []
        func walk(_ value: JSONValue) {
            if case .object = value { found.append(value) }
            if case .array(let items)? = value["subviews"] ?? value["windows"] { items.forEach(walk) }
        }
        walk(tree)
        return found
    }
}
