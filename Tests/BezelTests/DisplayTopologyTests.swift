import Testing
@testable import BezelDRM
@testable import BezelRuntime
import CDRM
#if canImport(Glibc)
import Glibc
#endif

/// Which output a kiosk drives when several are connected, and when it waits for a display
/// (issue 13 item 2). The hotplug itself runs on a real kernel: R2 in DisplayScenarioTests.
@MainActor
struct DisplayTopologyTests {
    private func output(_ name: String, connected: Bool = true, crtc: UInt32 = 1, modes: Int = 1) -> DRMOutput {
        var info = drmModeModeInfo()
        info.hdisplay = 800
        info.vdisplay = 480
        return DRMOutput(name: name, connectorID: 1, isConnected: connected, modes: Array(repeating: DRMMode(info), count: modes), crtcID: crtc)
    }

    @Test func aBuiltInPanelComesBeforeHDMIAndATouchscreensOutputBeforeBoth() throws {
        let outputs = [output("HDMI-A-1"), output("DSI-1"), output("HDMI-A-2")]
        let panel = try #require(OutputPreference.choose(from: outputs, touchscreenOutputs: []))
        #expect(panel.output.name == "DSI-1" && panel.reason == "a built-in panel's connector is preferred over HDMI-A-1, HDMI-A-2")
        let named = try #require(OutputPreference.choose(from: outputs, touchscreenOutputs: ["HDMI-A-2"]))
        #expect(named.output.name == "HDMI-A-2" && named.reason == "a touchscreen's udev WL_OUTPUT names it")
        // A WL_OUTPUT naming an output that is not connected is no reason to pick it.
        let stale = try #require(OutputPreference.choose(from: [output("HDMI-A-1"), output("DSI-1"), output("DPI-1", connected: false)],
                                                         touchscreenOutputs: ["DPI-1"]))
        #expect(stale.output.name == "DSI-1")
        for panelType in ["DPI-1", "LVDS-1", "eDP-1"] {
            #expect(OutputPreference.choose(from: [output("DP-1"), output(panelType)], touchscreenOutputs: [])?.output.name == panelType)
        }
    }

    @Test func withoutAPanelTheFirstUsableOutputIsChosen() throws {
        let two = try #require(OutputPreference.choose(from: [output("HDMI-A-1", connected: false), output("HDMI-A-2"), output("DP-1")], touchscreenOutputs: []))
        #expect(two.output.name == "HDMI-A-2" && two.reason == "the first connected output (no built-in panel, no touchscreen names one)")
        let only = try #require(OutputPreference.choose(from: [output("Virtual-1")], touchscreenOutputs: []))
        #expect(only.reason == "the only connected output")
        // Outputs without modes or without a free CRTC cannot be driven.
        #expect(OutputPreference.choose(from: [output("DSI-1", modes: 0), output("HDMI-A-1", crtc: 0)], touchscreenOutputs: []) == nil)
        #expect(OutputPreference.choose(from: [], touchscreenOutputs: ["DSI-1"]) == nil)
        // "DSI" must be the connector type, not a prefix of another name.
        #expect(!OutputPreference.isBuiltInPanel("DSIX-1") && OutputPreference.isBuiltInPanel("DSI-2"))
    }

    private func configuration(from text: String) throws -> RuntimeConfiguration {
        let path = "/tmp/bezel-wait-\(getpid()).conf"
        let file = try #require(fopen(path, "w"))
        fputs(text, file)
        fclose(file)
        defer { unlink(path) }
        return try RuntimeConfiguration.load(file: path, requireFile: true)
    }

    @Test func waitForDisplayIsASettingWithAServiceDefault() throws {
        for (text, expected) in [("wait_for_display = yes\n", true as Bool?), ("wait_for_display = no\n", false), ("wait_for_display = auto\n", nil)] {
            let configuration = try configuration(from: text)
            #expect(configuration.waitForDisplay == expected, "\(text)")
            if let expected { #expect(configuration.waitsForDisplay == expected) }
        }
        do {
            _ = try configuration(from: "wait_for_display = later\n")
            Issue.record("wait_for_display = later was accepted")
        } catch let error as RuntimeConfiguration.InvalidSetting {
            #expect(error.description.contains(":1: wait_for_display = later: expected yes, no or auto"), "\(error)")
        }
        #expect(RuntimeSetting.all.contains { $0.key == "wait_for_display" }, "--help lists it")
    }
}
