import CDRM
#if canImport(Glibc)
import Glibc
#endif

/// udev's DRM events: a card that appears (a GPU driver loaded late, a display device
/// plugged in), one that goes away, and a card's `change` with HOTPLUG=1 (the kernel saw a
/// connector connected or disconnected: re-read the connectors). Watch `fileDescriptor`, then
/// call `receive()`. Reads udevd's netlink messages (so it needs udevd running, as libinput's
/// hotplug does).
@MainActor
public final class DisplayHotplugMonitor {
    public struct Event: Equatable, Sendable {
        public enum Action: String, Sendable { case add, remove, change }
        public let action: Action
        /// The card's node (/dev/dri/card0); nil for events of connectors or render nodes.
        public let devicePath: String?
        /// The kernel's HOTPLUG=1: a connector's status may have changed.
        public let isConnectorHotplug: Bool
    }

    public struct MonitorError: Error, CustomStringConvertible {
        public let description: String
    }

    private let udev: OpaquePointer
    private let monitor: OpaquePointer
    public let fileDescriptor: Int32

    public init() throws(MonitorError) {
        guard let udev = udev_new() else { throw MonitorError(description: "udev_new failed: display hotplug is not watched") }
        guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else {
            udev_unref(udev)
            throw MonitorError(description: "udev's netlink monitor could not be opened (no udevd?): display hotplug is not watched")
        }
        udev_monitor_filter_add_match_subsystem_devtype(monitor, "drm", nil)
        guard udev_monitor_enable_receiving(monitor) == 0 else {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            throw MonitorError(description: "udev's netlink monitor could not be enabled: display hotplug is not watched")
        }
        self.udev = udev
        self.monitor = monitor
        fileDescriptor = udev_monitor_get_fd(monitor)
    }

    isolated deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// The events queued now (the descriptor is non-blocking: returns when none is left).
    public func receive() -> [Event] {
        var events: [Event] = []
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            guard let action = udev_device_get_action(device).flatMap({ Event.Action(rawValue: String(cString: $0)) }) else { continue }
            var node = udev_device_get_devnode(device).map { String(cString: $0) }
            // Render nodes (renderD128) have no outputs.
            if let path = node, !path.hasPrefix("/dev/dri/card") { node = nil }
            let hotplug = udev_device_get_property_value(device, "HOTPLUG").map { String(cString: $0) == "1" } ?? false
            events.append(Event(action: action, devicePath: node, isConnectorHotplug: hotplug))
        }
        return events
    }
}
