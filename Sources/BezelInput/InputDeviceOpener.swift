import BezelSeat
import CInput

/// Hands a `DeviceOpener` to libinput as C callbacks (its open_restricted/close_restricted):
/// the C struct points back at this object, which libinput's context must not outlive.
@MainActor
final class InputDeviceOpener {
    let opener: DeviceOpener
    let callbacks: UnsafeMutablePointer<bezel_input_opener>

    init(_ opener: DeviceOpener) {
        self.opener = opener
        callbacks = .allocate(capacity: 1)
        callbacks.initialize(to: bezel_input_opener(open: { path, context in
            // libinput calls back synchronously from dispatch, on the main thread.
            MainActor.assumeIsolated {
                let this = Unmanaged<InputDeviceOpener>.fromOpaque(context!).takeUnretainedValue()
                return this.opener.open(String(cString: path!))
            }
        }, close: { fd, context in
            MainActor.assumeIsolated {
                Unmanaged<InputDeviceOpener>.fromOpaque(context!).takeUnretainedValue().opener.close(fd)
            }
        }, context: nil, log: LibinputLog.sink))
        callbacks.pointee.context = Unmanaged.passUnretained(self).toOpaque()
    }

    isolated deinit {
        callbacks.deallocate()
    }
}
