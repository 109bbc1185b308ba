import CDRM

/// Which output to drive when none is named (`output` unset) and several are connected: a
/// kiosk's touchscreen is on its panel, so the output a touchscreen belongs to comes first
/// (udev's `WL_OUTPUT` on the touch device, the property Weston and wlroots read), then a
/// built-in panel's connector types (DSI, DPI, LVDS, eDP: the Pi's 7" display is DSI-1) before
/// external ones (HDMI, DisplayPort, VGA, virtual), then the card's order.
public enum OutputPreference {
    /// Connector types of panels built into the device, in Linux's names.
    static let builtInPanelTypes = ["DSI", "DPI", "LVDS", "eDP"]

    /// The output to use among `outputs`, and why (for the log and `output=list`); nil when
    /// none is connected with a mode and a free CRTC.
    static func choose(from outputs: [DRMOutput], touchscreenOutputs: [String]) -> (output: DRMOutput, reason: String)? {
        let usable = outputs.filter { $0.isConnected && !$0.modes.isEmpty && $0.crtcID != 0 }
        guard let first = usable.first else { return nil }
        if let touched = usable.first(where: { touchscreenOutputs.contains($0.name) }) {
            return (touched, "a touchscreen's udev WL_OUTPUT names it")
        }
        if let panel = usable.first(where: { isBuiltInPanel($0.name) }) {
            let external = usable.filter { !isBuiltInPanel($0.name) }.map(\.name)
            if !external.isEmpty { return (panel, "a built-in panel's connector is preferred over \(external.joined(separator: ", "))") }
            return (panel, usable.count == 1 ? "the only connected output" : "the first connected built-in panel")
        }
        return (first, usable.count > 1 ? "the first connected output (no built-in panel, no touchscreen names one)" : "the only connected output")
    }

    static func isBuiltInPanel(_ name: String) -> Bool {
        builtInPanelTypes.contains { name.hasPrefix($0 + "-") }
    }

    /// The outputs touchscreens name in udev's `WL_OUTPUT` property (set by a udev rule on the
    /// touch device: `ENV{WL_OUTPUT}="DSI-1"`); empty when none does or udev is not there.
    public static func touchscreenOutputs() -> [String] {
        guard let udev = udev_new() else { return [] }
        defer { udev_unref(udev) }
        guard let enumerate = udev_enumerate_new(udev) else { return [] }
        defer { udev_enumerate_unref(enumerate) }
        udev_enumerate_add_match_subsystem(enumerate, "input")
        udev_enumerate_add_match_property(enumerate, "ID_INPUT_TOUCHSCREEN", "1")
        udev_enumerate_scan_devices(enumerate)
        var names: [String] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            if let syspath = udev_list_entry_get_name(current), let device = udev_device_new_from_syspath(udev, syspath) {
                if let output = udev_device_get_property_value(device, "WL_OUTPUT") { names.append(String(cString: output)) }
                udev_device_unref(device)
            }
            entry = udev_list_entry_get_next(current)
        }
        return names
    }
}
