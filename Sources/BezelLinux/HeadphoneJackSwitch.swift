import CLinuxEvents
#if canImport(Glibc)
import Glibc
#endif

/// A headphone jack's switch, read straight from its evdev device: the kernel reports a plug
/// going in or out as `SW_HEADPHONE_INSERT` (sound drivers register one input device per jack,
/// "HDA Intel PCH Headphone", "bcm2835 Headphones"...). libinput handles only the lid and
/// tablet-mode switches and ignores these devices, so Bezel reads them itself.
///
/// The descriptor is opened and closed by its owner (directly, or through the seat manager);
/// this type only reads it.
public struct HeadphoneJackSwitch {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// One device that has the switch, as sysfs lists it.
    public struct Device: Equatable, Sendable {
        /// `/dev/input/eventN`.
        public let path: String
        /// The device's name (`name` in sysfs), or "".
        public let name: String
    }

    /// The kernel's code for the headphone switch (`SW_HEADPHONE_INSERT`, linux/input-event-codes.h).
    public static let headphoneInsert = Int(bezel_sw_headphone_insert())

    /// The event devices under `root` (sysfs' input class) whose switch capabilities include
    /// `SW_HEADPHONE_INSERT`, in the kernel's numbering order. Unreadable entries are skipped.
    public static func find(root: String = "/sys/class/input", devices: String = "/dev/input") -> [Device] {
        guard let directory = opendir(root) else { return [] }
        defer { closedir(directory) }
        var numbers: [Int] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("event"), let n = Int(name.dropFirst(5)) { numbers.append(n) }
        }
        return numbers.sorted().compactMap { n in
            let base = "\(root)/event\(n)/device"
            guard let capabilities = try? TextFile.read(base + "/capabilities/sw", limit: 1024),
                  hasCapability(headphoneInsert, inBitmask: capabilities) else { return nil }
            let name = (try? TextFile.read(base + "/name", limit: 256))?.trimmingCharacters(in: " \n\t") ?? ""
            return Device(path: "\(devices)/event\(n)", name: name)
        }
    }

    /// Whether bit `bit` is set in a sysfs capability bitmask: hexadecimal words of the
    /// kernel's `long` (64 bits here), most significant first, separated by spaces
    /// ("0", "14", "1 0" for bit 64...). A malformed mask has no bit set.
    public static func hasCapability(_ bit: Int, inBitmask text: String) -> Bool {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
        let wordBits = 64
        let index = words.count - 1 - bit / wordBits
        guard index >= 0, words.allSatisfy({ UInt64($0, radix: 16) != nil }),
              let word = UInt64(words[index], radix: 16) else { return false }
        return word >> UInt64(bit % wordBits) & 1 == 1
    }

    public let fileDescriptor: Int32

    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Whether a plug is in the jack now (EVIOCGSW).
    public func isPlugged() throws(Failure) -> Bool {
        let state = bezel_evdev_switch_state(fileDescriptor, Int32(Self.headphoneInsert))
        guard state >= 0 else { throw Failure(description: "reading the headphone switch: \(String(cString: strerror(-state)))") }
        return state == 1
    }

    /// What happened since the last read: the switch's newest state if it changed (a plug in
    /// and out again between two reads counts as its end state), nil when nothing did. Throws
    /// when the device went away (ENODEV) or cannot be read.
    public func readChange() throws(Failure) -> Bool? {
        let result = bezel_evdev_read_switch(fileDescriptor, Int32(Self.headphoneInsert))
        if result == -EAGAIN || result == 2 { return nil }
        guard result >= 0 else { throw Failure(description: "reading the headphone switch: \(String(cString: strerror(-result)))") }
        return result == 1
    }
}
