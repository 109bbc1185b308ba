import Bezel
import BezelLinux
#if canImport(Glibc)
import Glibc
#endif

/// The remote service's socket (issue 34): set up when `remote_socket` names one.
extension Runtime {
    /// Listens at `remote_socket` for the remote service's user. A setting that cannot be
    /// served (an unknown user, a path that cannot be made) is logged and the kiosk runs on
    /// without it: a remote view is an operator's convenience, never a reason to show nothing.
    func startRemoteEndpoint(loop: MainLoop) {
        guard let path = configuration.remoteSocket else { return }
        guard let user = Self.lookUpUser(configuration.remoteUser) else {
            log(.error, "remote_socket off: remote_user \(configuration.remoteUser) is not a user of this system")
            return
        }
        do {
            // The socket's group is the remote user's, so the kernel lets its processes in; the
            // app then checks who connected (SO_PEERCRED) and serves only that user.
            let listener = try UnixSocketListener(path: path, mode: user.uid == getuid() ? 0o600 : 0o660,
                                                  group: user.uid == getuid() ? nil : user.gid)
            let endpoint = RemoteEndpoint(listener: listener, allowedUserIDs: [user.uid]) { [unowned self] in self.makeRemoteSession() }
            endpoint.log = { [unowned self] line in self.log(.info, line) }
            try endpoint.attach(to: loop)
            remote = endpoint
            remoteTrace = RemoteTraceHub(tracer: application.tracer)
            log(.info, "remote: serving \(path) for user \(configuration.remoteUser) (uid \(user.uid))")
        } catch {
            log(.error, "remote_socket off: \(error)")
        }
    }

    func makeRemoteSession() -> RemoteSession {
        let name = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "bezel"
        let session = RemoteSession(application: application, panelSize: window.bounds.size, appName: name, scale: displayScale)
        session.screenshot = { [unowned self] in
            guard let renderer = self.renderer, self.frames > 0 else { return nil }
            let cache = renderer.cache
            return RemotePicture(width: cache.width, height: cache.height, pixels: cache.packedPixels())
        }
        session.frameSize = { [unowned self] in
            guard let renderer = self.renderer, self.frames > 0 else { return nil }
            return (renderer.cache.width, renderer.cache.height)
        }
        session.framePixels = { [unowned self] region in
            self.renderer?.cache.packedPixels(x: region.x, y: region.y, width: region.width, height: region.height) ?? []
        }
        session.rotation = configuration.rotation
        session.traceHub = remoteTrace
        session.health = { [unowned self] in self.healthFigures() }
        return session
    }

    /// What `health` reports: the JSON members of the remote service's health endpoint.
    func healthFigures() -> [(String, JSONValue)] {
        var figures: [(String, JSONValue)] = []
        if let started = ProcessClock.startTime() {
            figures.append(("uptimeSeconds", .number(((ProcessClock.monotonicNow() - started) * 10).rounded() / 10)))
        }
        // Restarts: systemd's since the unit started (ServiceStarts; only in such a unit).
        if let restarts = serviceRestarts { figures.append(("restarts", .number(Double(restarts)))) }
        figures += [
            ("backend", .string(backendInUse.rawValue)),
            ("framesShown", .number(Double(framesShown))),
            ("loopWakeups", .number(Double(loopWakeups))),
            ("touchFramesCoalesced", .number(Double(coalescedTouchFrames))),
            ("remoteConnections", .number(Double(remote?.connectionCount ?? 0))),
        ]
        figures.append(("display", .string(displayDescription)))
        figures.append(("inputDevices", .array(inputDeviceNames.map(JSONValue.string))))
        // Milliseconds, over the last 128: drawing a frame, a touch's arrival to the frame after
        // it, and one frame to the next while the screen changes (the frame period).
        for (name, timings) in [("drawMs", drawTimes), ("touchToFrameMs", touchToFrameTimes), ("frameIntervalMs", frameIntervals.timings)] {
            guard let summary = timings.summary else { continue }
            figures.append((name + "Median", .number(summary.medianMilliseconds)))
            figures.append((name + "Max", .number(summary.maximumMilliseconds)))
        }
        if let rss = ProcessStatistics.residentSetKiB() { figures.append(("rssKiB", .number(Double(rss)))) }
        if let peak = ProcessStatistics.peakResidentSetKiB() { figures.append(("peakRssKiB", .number(Double(peak)))) }
        return figures
    }

    /// A user's uid and primary gid, by name or number; nil when there is no such user.
    static func lookUpUser(_ nameOrID: String) -> (uid: UInt32, gid: UInt32)? {
        if let entry = getpwnam(nameOrID) { return (entry.pointee.pw_uid, entry.pointee.pw_gid) }
        if let uid = UInt32(nameOrID) {
            if let entry = getpwuid(uid) { return (uid, entry.pointee.pw_gid) }
            return (uid, uid)
        }
        return nil
    }
}
