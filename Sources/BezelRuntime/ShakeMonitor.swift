import Bezel
import BezelLinux

/// Reads an accelerometer on the run loop and sends UIKit's shake events (`motionBegan`,
/// `motionEnded`, `motionCancelled`) to the application. Reading means a timer: 25 samples a
/// second (enough for a hand's shake, which is 3-6 Hz), so it runs only when the `shake`
/// setting asks for it: a kiosk without one keeps its zero idle wake-ups.
@MainActor
public final class ShakeMonitor {
    /// 40 ms between samples.
    public static let interval = 0.04

    private let sample: () throws -> (x: Double, y: Double, z: Double)
    private weak var application: Application?
    private var detector = ShakeDetector()
    private var timer: TimerHandle?
    /// Read failures in a row; after `maximumFailures` the monitor stops (a sensor unplugged).
    private var failures = 0
    static let maximumFailures = 25
    public var onStop: ((String) -> Void)?

    public init(application: Application, sample: @escaping () throws -> (x: Double, y: Double, z: Double)) {
        self.application = application
        self.sample = sample
    }

    public func start() {
        scheduleNext()
    }

    public func stop() {
        timer?.cancel()
        timer = nil
    }

    private func scheduleNext() {
        guard let runLoop = application?.runLoop else { return }
        timer = runLoop.schedule(after: Self.interval) { [weak self] in
            MainActor.assumeIsolated { self?.tick() }
        }
    }

    private func tick() {
        guard let application else { return }
        do {
            let a = try sample()
            failures = 0
            if let phase = detector.feed(x: a.x, y: a.y, z: a.z, at: application.clock.now) {
                application.sendMotionEvent(MotionEvent(subtype: .motionShake, timestamp: application.clock.now), phase: phase)
            }
        } catch {
            failures += 1
            if failures >= Self.maximumFailures {
                onStop?("accelerometer unreadable \(failures) times in a row (\(error)); shake detection stops")
                stop()
                return
            }
        }
        scheduleNext()
    }
}

extension Runtime {
    /// With the `shake` setting on: the accelerometer found (or named) is read on the run
    /// loop; none found is a warning, not an error (the app runs without shake).
    func setUpShakeMonitor() {
        guard let wanted = configuration.shakeSensor else { return }
        guard let directory = wanted.isEmpty ? IIOAccelerometer.find() : wanted else {
            log(.warning, "shake = on, but no IIO accelerometer in /sys/bus/iio/devices: no shake events")
            return
        }
        do {
            let sensor = try IIOAccelerometer(directory: directory)
            let monitor = ShakeMonitor(application: application) { try sensor.read() }
            monitor.onStop = { [unowned self] message in self.log(.warning, message) }
            monitor.start()
            shakeMonitor = monitor
            log(.info, "shake events from \(sensor.name.isEmpty ? directory : sensor.name) (\(directory))")
        } catch {
            log(.warning, "\(error); no shake events")
        }
    }
}
