import Testing
@testable import Bezel
@testable import BezelLinux
import BezelRuntime
import BezelTesting
#if canImport(Glibc)
import Glibc
#endif

/// Issue 29 item 2: a headset plugged into the jack starts the spoken mode, unplugging it stops
/// the mode it started. The jack's evdev switch (found through sysfs, read from its events) and
/// the policy; the kernel's own device is scenario E12 in the QEMU guest.
@MainActor
@Suite(.serialized, .fontsRegistered) struct HeadsetSwitchTests {
    @Test func sysfsCapabilityMasksAreReadAsTheKernelWritesThem() {
        let bit = HeadphoneJackSwitch.headphoneInsert
        #expect(bit == 2, "SW_HEADPHONE_INSERT in linux/input-event-codes.h")
        #expect(HeadphoneJackSwitch.hasCapability(bit, inBitmask: "4\n"))
        #expect(HeadphoneJackSwitch.hasCapability(bit, inBitmask: "d4"), "headphone, microphone, line-out and more")
        #expect(!HeadphoneJackSwitch.hasCapability(bit, inBitmask: "10"), "the microphone switch alone")
        #expect(!HeadphoneJackSwitch.hasCapability(bit, inBitmask: "0"))
        #expect(HeadphoneJackSwitch.hasCapability(64, inBitmask: "1 0"), "a second word holds bits 64 and up")
        #expect(!HeadphoneJackSwitch.hasCapability(bit, inBitmask: "1 0"))
        for bad in ["", "zz", "4 x", "-4"] {
            #expect(!HeadphoneJackSwitch.hasCapability(bit, inBitmask: bad), "malformed: \(bad)")
        }
    }

    @Test func theJacksAreFoundInSysfsInTheKernelsOrder() throws {
        let root = "/tmp/bezel-jack-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { _ = system("rm -rf \(root)") }
        func device(_ n: Int, name: String, switches: String?) {
            let folder = "\(root)/event\(n)/device"
            _ = system("mkdir -p \(folder)/capabilities")
            let file = fopen(folder + "/name", "w")!
            fputs(name + "\n", file)
            fclose(file)
            if let switches {
                let caps = fopen(folder + "/capabilities/sw", "w")!
                fputs(switches + "\n", caps)
                fclose(caps)
            }
        }
        device(10, name: "HDA Intel PCH Headphone", switches: "4")
        device(2, name: "AT Translated Set 2 keyboard", switches: nil)
        device(3, name: "Lid Switch", switches: "1")
        device(9, name: "HDA Intel PCH Front Headphone", switches: "14")
        _ = system("mkdir -p \(root)/input7 \(root)/mouse0")
        #expect(HeadphoneJackSwitch.find(root: root) == [
            .init(path: "/dev/input/event9", name: "HDA Intel PCH Front Headphone"),
            .init(path: "/dev/input/event10", name: "HDA Intel PCH Headphone"),
        ])
        #expect(HeadphoneJackSwitch.find(root: root + "/missing").isEmpty)
    }

    /// Writes evdev events (struct input_event: a timeval, type, code, value) into `fd`.
    func send(_ events: [(type: UInt16, code: UInt16, value: Int32)], to fd: Int32) {
        var bytes: [UInt8] = []
        for event in events {
            bytes += [UInt8](repeating: 0, count: MemoryLayout<timeval>.size)
            withUnsafeBytes(of: event.type.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: event.code.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: event.value.littleEndian) { bytes += $0 }
        }
        #expect(write(fd, bytes, bytes.count) == bytes.count)
    }

    @Test func theSwitchsEventsAreReadToItsNewestState() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        #expect(fcntl(ends[0], F_SETFL, O_NONBLOCK) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let jack = HeadphoneJackSwitch(fileDescriptor: ends[0])
        let sw: UInt16 = 5, syn: UInt16 = 0, headphone = UInt16(HeadphoneJackSwitch.headphoneInsert)
        #expect(try jack.readChange() == nil, "nothing to read")
        send([(sw, headphone, 1), (syn, 0, 0)], to: ends[1])
        #expect(try jack.readChange() == true)
        #expect(try jack.readChange() == nil)
        // Other switches (the microphone's, code 4) are not the headset's.
        send([(sw, 4, 1), (syn, 0, 0)], to: ends[1])
        #expect(try jack.readChange() == nil)
        // Out and in again between two reads: the end state.
        send([(sw, headphone, 0), (syn, 0, 0), (sw, headphone, 1), (syn, 0, 0), (sw, headphone, 0), (syn, 0, 0)], to: ends[1])
        #expect(try jack.readChange() == false)
        // A pipe is not an evdev device: asking its state is a clear error, not a crash.
        #expect(throws: HeadphoneJackSwitch.Failure.self) { try jack.isPlugged() }
        // The writer gone and the pipe drained: end of file is "nothing changed".
        close(ends[1]); ends[1] = -1
        #expect(try jack.readChange() == nil)
        // A closed descriptor is an error the runtime stops watching on.
        #expect(throws: HeadphoneJackSwitch.Failure.self) { try HeadphoneJackSwitch(fileDescriptor: 9999).readChange() }
    }

    func start() throws -> (AppHarness, SpeechLog, HeadsetSpokenMode) {
        let screen = SpokenModeTests.Ticket()
        let harness = try AppHarness(rootViewController: screen)
        let speech = SpeechLog()
        harness.application.speechSynthesizer = speech
        let headset = HeadsetSpokenMode(application: harness.application)
        return (harness, speech, headset)
    }

    @Test func pluggingAHeadsetStartsTheSpokenModeAndUnpluggingStopsIt() throws {
        let (harness, speech, headset) = try start()
        var changes: [String] = []
        headset.onChange = { changes.append($0) }
        var statuses: [Bool] = []
        let observer = harness.application.notificationCenter.addObserver(forName: Application.spokenModeStatusDidChangeNotification, using: { _ in
            statuses.append(harness.application.isSpokenModeRunning)
        })
        defer { harness.application.notificationCenter.removeObserver(observer) }
        #expect(!harness.application.isSpokenModeRunning && speech.texts.isEmpty)
        headset.headset(plugged: true)
        #expect(harness.application.isSpokenModeRunning)
        #expect(speech.entries == ["speak [en] Tickets, heading"], "the first element is said at once")
        harness.press(.tab)
        #expect(speech.texts.last == "Pays with the card in the reader")
        headset.headset(plugged: false)
        #expect(!harness.application.isSpokenModeRunning)
        #expect(statuses == [true, false])
        #expect(changes == ["headset plugged in: the spoken mode starts", "headset unplugged: the spoken mode stops"])
    }

    @Test func aSpokenModeStartedOtherwiseStaysOnWhenTheHeadsetComesOut() throws {
        let (harness, _, headset) = try start()
        var changes: [String] = []
        headset.onChange = { changes.append($0) }
        harness.application.isSpokenModeRunning = true
        headset.headset(plugged: true)
        headset.headset(plugged: false)
        #expect(harness.application.isSpokenModeRunning, "the app (or spoken_mode=on) started it: the plug does not stop it")
        #expect(changes == ["headset plugged in: the spoken mode runs already", "headset unplugged"])
        // Started by the plug, then stopped by the user's key and started by the app again:
        // the app's mode is not the plug's to stop.
        harness.application.isSpokenModeRunning = false
        headset.headset(plugged: true)
        harness.application.isSpokenModeRunning = false
        harness.application.isSpokenModeRunning = true
        headset.headset(plugged: false)
        #expect(harness.application.isSpokenModeRunning, "\(changes)")
        #expect(changes.last == "headset unplugged")
    }
}
