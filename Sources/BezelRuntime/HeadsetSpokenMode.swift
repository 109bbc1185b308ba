import Bezel
import BezelLinux
import BezelSeat

/// Plugging a headset starts the spoken mode; unplugging it stops the spoken mode it started
/// (EN 301 549 5.1.3.14 and the EAA: a self-service terminal speaks through the user's own
/// headset, with no other step to find). A spoken mode that was on before the plug (the app's,
/// the `spoken_mode` setting's, the user's key) stays on when the plug comes out.
@MainActor
public final class HeadsetSpokenMode {
    private weak var application: Application?
    /// Whether the running spoken mode was started by the plug.
    private var startedByHeadset = false
    /// What happened, for the runtime's log.
    public var onChange: ((String) -> Void)?

    private var observer: NotificationCenter.ObserverToken?

    public init(application: Application) {
        self.application = application
        // Stopped by other means (the user's key, the app) it is no longer the plug's to stop,
        // even when something else starts it again.
        observer = application.notificationCenter.addObserver(forName: Application.spokenModeStatusDidChangeNotification) { [weak self, weak application] _ in
            if application?.isSpokenModeRunning == false { self?.startedByHeadset = false }
        }
    }

    isolated deinit {
        if let observer { application?.notificationCenter.removeObserver(observer) }
    }

    /// The jack's switch changed (or was read at start).
    public func headset(plugged: Bool) {
        guard let application else { return }
        if plugged {
            guard !application.isSpokenModeRunning else {
                onChange?("headset plugged in: the spoken mode runs already")
                return
            }
            startedByHeadset = true
            application.isSpokenModeRunning = true
            onChange?("headset plugged in: the spoken mode starts")
        } else {
            guard startedByHeadset, application.isSpokenModeRunning else {
                onChange?("headset unplugged")
                return
            }
            startedByHeadset = false
            application.isSpokenModeRunning = false
            onChange?("headset unplugged: the spoken mode stops")
        }
    }
}

extension Runtime {
    /// With `headset_speech` on (the default): every headphone jack's switch the kernel
    /// reports is watched. The jacks are found once at start (they belong to the sound card,
    /// present from boot); none is not a warning (most panels have none).
    func setUpHeadsetSwitch(loop: MainLoop, opener: DeviceOpener) {
        guard configuration.headsetStartsSpokenMode else { return }
        let devices = HeadphoneJackSwitch.find()
        guard !devices.isEmpty else { return }
        let policy = HeadsetSpokenMode(application: application)
        policy.onChange = { [unowned self] message in self.log(.info, message) }
        headsetSpokenMode = policy
        for device in devices {
            let fd = opener.open(device.path)
            guard fd >= 0 else {
                log(.warning, "headphone jack \(device.name) (\(device.path)): cannot open it (errno \(-fd)); plugging a headset there will not start the spoken mode")
                continue
            }
            let jack = HeadphoneJackSwitch(fileDescriptor: fd)
            do {
                headphoneJacks[fd] = try loop.watch(fd) { [unowned self] in
                    do {
                        if let plugged = try jack.readChange() { policy.headset(plugged: plugged) }
                    } catch {
                        // Unplugged hardware (ENODEV) or a revoked descriptor: stop watching it.
                        self.log(.warning, "headphone jack \(device.name): \(error); no longer watched")
                        if let watch = self.headphoneJacks.removeValue(forKey: fd) { loop.unwatch(watch) }
                        opener.close(fd)
                    }
                }
                log(.info, "headphone jack: \(device.name) (\(device.path))")
                if (try? jack.isPlugged()) == true { policy.headset(plugged: true) }
            } catch {
                log(.warning, "headphone jack \(device.name): \(error)")
                opener.close(fd)
            }
        }
    }
}
