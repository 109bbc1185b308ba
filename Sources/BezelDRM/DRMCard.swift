import Bezel
import BezelSeat
import CDRM
#if canImport(Glibc)
import Glibc
#endif

/// An open DRM card (`/dev/dri/cardN`) and what it can drive: its outputs (connectors), their
/// modes, and the CRTC each can use. Owns the file descriptor.
@MainActor
public final class DRMCard {
    public let path: String
    public let fileDescriptor: Int32
    public private(set) var outputs: [DRMOutput] = []
    /// The kernel's CRTC ids, in the order `possible_crtcs` bit masks refer to.
    let crtcIDs: [UInt32]

    /// Opens `path` (through `opener` when a seat manager grants devices) and reads its outputs.
    public init(path: String, opener: DeviceOpener = .direct) throws(DRMError) {
        let fd = opener.open(path)
        guard fd >= 0 else {
            throw DRMError.system("opening \(path)", tryThis: "Check that the DRM driver is loaded (ls /dev/dri).", code: -fd)
        }
        guard let resources = drmModeGetResources(fd) else {
            opener.close(fd)
            throw DRMError(what: path, why: "not a KMS device (a render-only node?)", tryThis: "Use a card with display outputs.")
        }
        defer { drmModeFreeResources(resources) }
        self.path = path
        self.fileDescriptor = fd
        self.opener = opener
        crtcIDs = (0..<Int(resources.pointee.count_crtcs)).map { resources.pointee.crtcs[$0] }
        for i in 0..<Int(resources.pointee.count_connectors) {
            guard let connector = drmModeGetConnector(fd, resources.pointee.connectors[i]) else { continue }
            defer { drmModeFreeConnector(connector) }
            outputs.append(readOutput(connector.pointee))
        }
    }

    private let opener: DeviceOpener

    private func readOutput(_ connector: drmModeConnector) -> DRMOutput {
        let typeName = String(cString: drmModeGetConnectorTypeName(connector.connector_type))
        let modes = (0..<Int(connector.count_modes)).map { DRMMode(connector.modes[$0]) }
        // The CRTC the connector's encoder drives now, else the first one an encoder can drive.
        var crtc: UInt32 = 0
        if let encoder = drmModeGetEncoder(fileDescriptor, connector.encoder_id) {
            crtc = encoder.pointee.crtc_id
            drmModeFreeEncoder(encoder)
        }
        var e = 0
        while crtc == 0, e < Int(connector.count_encoders) {
            if let encoder = drmModeGetEncoder(fileDescriptor, connector.encoders[e]) {
                for (c, id) in crtcIDs.enumerated() where encoder.pointee.possible_crtcs & (1 << UInt32(c)) != 0 {
                    crtc = id
                    break
                }
                drmModeFreeEncoder(encoder)
            }
            e += 1
        }
        return DRMOutput(name: "\(typeName)-\(connector.connector_type_id)", connectorID: connector.connector_id,
                         isConnected: connector.connection == DRM_MODE_CONNECTED, modes: modes, crtcID: crtc,
                         physicalWidthMM: Int(connector.mmWidth), physicalHeightMM: Int(connector.mmHeight))
    }

    /// Whether this process is DRM master (false: another program drives the display).
    public var isMaster: Bool { drmIsMaster(fileDescriptor) != 0 }

    /// The outputs and their modes, one per line, for `BEZEL_OUTPUT=list` / `BEZEL_MODE=list`.
    public var listing: String {
        var lines = ["\(path):"]
        for output in outputs {
            lines.append("  \(output.name) \(output.isConnected ? "connected" : "disconnected")")
            for mode in output.modes { lines.append("    \(mode)") }
        }
        // What Bezel drives on this card when no output is named, and why.
        if let chosen = OutputPreference.choose(from: outputs, touchscreenOutputs: OutputPreference.touchscreenOutputs()) {
            lines.append("  without an output setting: \(chosen.output.name) (\(chosen.reason))")
        }
        return lines.joined(separator: "\n")
    }

    private var isClosed = false

    /// Closes the card (once: a second call does nothing, so error paths may close freely
    /// without closing a descriptor number the process has since reused).
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        opener.close(fileDescriptor)
    }
}

/// A connector: where a panel plugs in (HDMI-A-1, DSI-1, Virtual-1...).
public struct DRMOutput {
    public let name: String
    let connectorID: UInt32
    public let isConnected: Bool
    public let modes: [DRMMode]
    /// A CRTC that can drive it (0: none free).
    let crtcID: UInt32
    /// The panel's visible size in millimetres, from its EDID or the DSI panel's mode
    /// (0 when the driver does not know it: projectors, most virtual GPUs).
    public var physicalWidthMM = 0
    public var physicalHeightMM = 0
}

extension DRMCard {
    /// Every card's outputs and modes (`BEZEL_OUTPUT=list`), or why there is nothing to list.
    public static func listAll(opener: DeviceOpener = .direct) -> String {
        var sections: [String] = []
        for n in 0..<8 {
            let path = "/dev/dri/card\(n)"
            guard access(path, F_OK) == 0 else { continue }
            do throws(DRMError) {
                let card = try DRMCard(path: path, opener: opener)
                sections.append(card.listing)
                card.close()
            } catch {
                sections.append("\(path): \(error)")
            }
        }
        return sections.isEmpty ? "no DRM cards in /dev/dri" : sections.joined(separator: "\n")
    }
}
