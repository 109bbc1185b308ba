import Bezel
import Prometheus

/// Health and metrics: the app's figures (its `health` reply) with the service's own and the
/// board's, as JSON (`/v1/health`) and in Prometheus' text format (`/v1/metrics`, through
/// swift-prometheus' registry, which also holds the request metrics of Hummingbird's
/// MetricsMiddleware once `serve` bootstraps swift-metrics with it).
public final class HealthMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    let started = ContinuousClock.now
    /// Where the board reports its temperature and a Raspberry Pi its throttling (tests point
    /// these at files of their own).
    let thermalZonePath: String
    let throttledPath: String

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry(),
                thermalZonePath: String = "/sys/class/thermal/thermal_zone0/temp",
                throttledPath: String = "/sys/devices/platform/soc/soc:firmware/get_throttled") {
        self.registry = registry
        self.thermalZonePath = thermalZonePath
        self.throttledPath = throttledPath
    }

    /// The service's uptime and, where the board has them, its temperature (°C) and the Pi
    /// firmware's throttling flags (bit 0 under-voltage, 1 arm frequency capped, 2 throttled,
    /// 3 soft temperature limit; bits 16-19 the same "has occurred").
    func serviceFigures() -> [(String, JSONValue)] {
        let uptime = ContinuousClock.now - started
        var figures: [(String, JSONValue)] = [("serviceUptimeSeconds", .number(Double(uptime.components.seconds)))]
        if let text = Self.readSmallFile(thermalZonePath), let milli = Double(text.filter { !$0.isWhitespace }) {
            figures.append(("temperatureCelsius", .number((milli / 100).rounded() / 10)))
        }
        if let text = Self.readSmallFile(throttledPath),
           let flags = Int(text.filter { !$0.isWhitespace }.replacingPrefix("0x"), radix: 16) {
            figures.append(("throttledFlags", .number(Double(flags))))
        }
        return figures
    }

    /// The figures in Prometheus' text format: each number as a gauge `bezel_<snake_case>`
    /// (the app's cumulative counts included: they restart with the app, which `uptime` shows).
    func prometheusText(health: [(String, JSONValue)]) -> String {
        for (name, value) in health {
            guard let number = value.numberValue else { continue }
            let descriptor = MetricNameDescriptor(namespace: "bezel", metricName: Self.snakeCase(name),
                                                  helpText: "Bezel's \(name) (the /v1/health figure)")
            registry.makeGauge(descriptor: descriptor).set(number)
        }
        var bytes: [UInt8] = []
        registry.emit(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// "framesShown" → "frames_shown"; anything but letters and digits becomes "_".
    static func snakeCase(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            if scalar.properties.isUppercase, !out.isEmpty { out += "_" }
            let lower = Character(scalar).lowercased()
            out += lower.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) ? lower : "_"
        }
        return out
    }

    static func readSmallFile(_ path: String) -> String? {
        SmallFile.read(path, limit: 256).flatMap { $0.isEmpty ? nil : String(decoding: $0, as: UTF8.self) }
    }
}

extension String {
    func replacingPrefix(_ prefix: String) -> String { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self }
}
