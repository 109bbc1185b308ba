/// One connection of the remote service, on the app's side: answers its requests
/// (RemoteRequest.swift) against the application, on the main actor, between frames.
///
/// Remote fingers go through the same pipeline as the panel's own (`handleTouchFrame`), as
/// fingers of their own numbers (`fingerBase` and up), traced as remote; a finger left down
/// when the connection ends is cancelled (`end()`), so a client that vanishes mid-gesture
/// leaves no touch waiting for an end that never comes.
@MainActor
public final class RemoteSession {
    public let application: Application
    /// The window's size in points (remote touches outside it are refused).
    public var panelSize: Size
    /// The app's name and the panel's scale, for `hello`.
    public var appName: String
    public var scale: Double
    /// What is on screen, or nil when there is no frame yet (the runtime supplies it).
    public var screenshot: () -> RemotePicture? = { nil }
    /// The frame's size in pixels, nil before the first frame, and a region's pixels (rows of
    /// XRGB8888 words): what the live view's updates send (the runtime supplies them).
    public var frameSize: () -> (width: Int, height: Int)? = { nil }
    public var framePixels: (PixelRegion) -> [UInt8] = { _ in [] }
    /// How the panel is mounted (`hello` says, so that a viewer maps the panel's pixels back
    /// to window points).
    public var rotation: DisplayRotation = .none
    /// The app's trace and log streams (`nextTrace`), shared by the connections (the runtime
    /// supplies it; nil: the request is refused).
    public var traceHub: RemoteTraceHub?
    /// The live view's state (`nextFrame`).
    public private(set) var frameUpdate = RemoteFrameUpdate()
    /// The health figures (the runtime supplies them): a JSON object's members.
    public var health: () -> [(String, JSONValue)] = { [] }
    /// Whether this connection may touch and press keys: its `hello` says (the remote service
    /// knows which of its clients hold a control token); a read-only one's touches are refused.
    public private(set) var allowsControl = false
    /// Whom the remote service acts for on this connection (its `hello` says).
    public private(set) var client = ""
    /// Whether `hello` came: every other request waits for it.
    public private(set) var hasSaidHello = false
    /// Where each control request is logged (an audit line in the app's log).
    public var audit: (String) -> Void = { _ in }

    /// Remote fingers are numbered from here: far from a touch panel's slots (0-9) and the
    /// simulator's mouse finger.
    public static let fingerBase = 1 << 20

    public private(set) var fingersDown: Set<Int> = []

    public init(application: Application, panelSize: Size, appName: String = "bezel", scale: Double = 1) {
        self.application = application
        self.panelSize = panelSize
        self.appName = appName
        self.scale = scale
    }

    /// The reply to one message; nil for a `nextFrame` that waits for a frame to change
    /// (`takeFrameUpdate()` gives its reply then).
    public func reply(to message: RemoteMessage) -> RemoteMessage? {
        let id = RemoteRequest.id(of: message.header)
        do throws(RemoteRequestError) {
            let request = try RemoteRequest(header: message.header, panelSize: panelSize)
            if case .hello = request {} else if !hasSaidHello { throw RemoteRequestError("say hello first") }
            return try answer(request, id: id ?? 0)
        } catch {
            return .failure(id: id, error.reason)
        }
    }

    /// A frame was drawn changing `damage` (panel pixels): kept for the live view's next
    /// update, when this connection watches.
    public func frameDrawn(damage: [Rect]) {
        guard let size = frameSize() else { return }
        frameUpdate.frameDrawn(damage: damage, width: size.width, height: size.height)
    }

    /// The reply to the waiting `nextFrame`, when there is an update to send now.
    public func takeFrameUpdate() -> RemoteMessage? {
        guard let size = frameSize(), let (id, regions) = frameUpdate.take(width: size.width, height: size.height) else { return nil }
        var payload: [UInt8] = []
        payload.reserveCapacity(regions.reduce(0) { $0 + $1.width * $1.height * 4 })
        for region in regions { payload += framePixels(region) }
        let rects = regions.map { JSONValue.array([.number(Double($0.x)), .number(Double($0.y)),
                                                   .number(Double($0.width)), .number(Double($0.height))]) }
        return .success(id: id, [("width", .number(Double(size.width))), ("height", .number(Double(size.height))),
                                 ("rects", .array(rects))], payload: payload)
    }

    /// The trace lines waiting for this connection's `nextTrace`, if it waits and there are some.
    public func takeTraceUpdate() -> RemoteMessage? {
        guard let watcher = traceHub?.watcher(of: self), let id = watcher.waitingRequestID,
              !watcher.lines.isEmpty || watcher.dropped > 0 else { return nil }
        let text = watcher.lines.joined(separator: "\n")
        let reply = RemoteMessage.success(id: id, [("lines", .number(Double(watcher.lines.count))),
                                                   ("dropped", .number(Double(watcher.dropped)))], payload: Array(text.utf8))
        watcher.lines = []
        watcher.dropped = 0
        watcher.waitingRequestID = nil
        return reply
    }

    /// A reply that was waiting and can go now: the live view's update first, then trace lines.
    public func takeWaitingReply() -> RemoteMessage? {
        takeFrameUpdate() ?? takeTraceUpdate()
    }

    /// The connection ended: fingers it left down are cancelled, its trace stream stops.
    public func end() {
        traceHub?.stopWatching(self)
        guard !fingersDown.isEmpty else { return }
        let fingers = fingersDown.sorted()
        fingersDown = []
        application.tracer.log(.touches, "remote fingers \(fingers) cancelled: the remote connection ended")
        application.handleTouchFrame(TouchFrame(fingers.map { .cancel(Self.fingerBase + $0) }, timestamp: application.clock.now))
    }

    private func answer(_ request: RemoteRequest, id: Int) throws(RemoteRequestError) -> RemoteMessage? {
        func ok(_ members: [(String, JSONValue)] = [], payload: [UInt8] = []) -> RemoteMessage {
            .success(id: id, members, payload: payload)
        }
        switch request {
        case let .hello(_, client, control):
            guard !hasSaidHello else { throw RemoteRequestError("hello was said already") }
            hasSaidHello = true
            self.client = client
            allowsControl = control
            if control { audit("remote control session for \(client.isEmpty ? "an unnamed client" : client)") }
            return ok([("app", .string(appName)), ("protocol", .number(Double(RemoteRequest.protocolVersion))),
                       ("size", .array([.number(panelSize.width), .number(panelSize.height)])), ("scale", .number(scale)),
                       ("rotation", .number(Double(rotation.rawValue))), ("control", .bool(allowsControl))])
        case .screenshot:
            guard let shot = screenshot() else { throw RemoteRequestError("no frame has been drawn yet") }
            return ok([("format", .string("xrgb8888")), ("width", .number(Double(shot.width))), ("height", .number(Double(shot.height)))],
                      payload: shot.pixels)
        case .viewTree:
            return ok([("format", .string("json"))], payload: JSONWriter.bytes(of: ViewTreeReport.viewTree(of: application)))
        case .accessibilityTree:
            return ok([("format", .string("json"))], payload: JSONWriter.bytes(of: ViewTreeReport.accessibilityTree(of: application)))
        case .health:
            return ok(health())
        case .nextFrame:
            guard frameUpdate.request(id: id) else { throw RemoteRequestError("a nextFrame request is waiting already") }
            return takeFrameUpdate()
        case let .nextTrace(categories, log):
            guard let traceHub else { throw RemoteRequestError("this app has no trace stream") }
            guard categories.isEmpty || allowsControl else {
                throw RemoteRequestError("trace categories need a control connection (a trace shows what customers touch and type); the log does not")
            }
            guard traceHub.watcher(of: self)?.waitingRequestID == nil else { throw RemoteRequestError("a nextTrace request is waiting already") }
            traceHub.watch(self, categories: categories, includesLog: log).waitingRequestID = id
            return takeTraceUpdate()
        case let .touch(finger, phase, location):
            guard allowsControl else { throw RemoteRequestError("this connection may not touch (a read-only token)") }
            try touch(finger: finger, phase: phase, location: location)
            return ok()
        case let .key(code, isDown, characters):
            guard allowsControl else { throw RemoteRequestError("this connection may not press keys (a read-only token)") }
            audit("\(client): remote key \(code) \(isDown ? "down" : "up")")
            application.handleKey(Press.Key(code: code, characters: characters), isDown: isDown)
            return ok()
        }
    }

    private func touch(finger: Int, phase: TouchReport.Kind, location: Point?) throws(RemoteRequestError) {
        let isDown = fingersDown.contains(finger)
        switch phase {
        case .down: guard !isDown else { throw RemoteRequestError("finger \(finger) is already down") }
        case .move, .up, .cancel: guard isDown else { throw RemoteRequestError("finger \(finger) is not down") }
        }
        switch phase {
        case .down: fingersDown.insert(finger)
        case .up, .cancel: fingersDown.remove(finger)
        case .move: break
        }
        let place = location.map { " at (\(Self.points($0.x)), \(Self.points($0.y)))" } ?? ""
        // Moves are not audited one by one (a drag sends dozens a second); its down and up are.
        if phase != .move { audit("\(client): remote finger \(finger) \(phase)\(place)") }
        application.tracer.log(.touches, "remote finger \(finger) \(phase)\(place)")
        application.handleTouchFrame(TouchFrame([TouchReport(finger: Self.fingerBase + finger, kind: phase, location: location)],
                                                timestamp: application.clock.now))
    }

    private static func points(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// A frame's pixels as the app sends them: rows of `width` XRGB8888 pixels (32-bit words,
/// little-endian: blue, green, red, unused), top to bottom, no padding. Raw, not PNG: the
/// remote service compresses, so the app's main thread spends a copy (1.5 MB for 800x480)
/// on it and never a PNG encoder's compression.
public struct RemotePicture: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "a picture's pixels are width x height x 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
