// bezel-observation-check: issue 37 U3's ThreadSanitizer run on the observation path.
// Four threads write an @Observable model while the main actor prepares frames for a window
// of labels that `observe` it (the README's pattern); at the end every label must show the
// last value written. `dev.sh tsan` builds it with `--sanitize=thread` and counts
// ThreadSanitizer's reports (Tests/Sanitizers/tsan-suppressions.txt holds the one kind
// suppressed, and why). Prints `RESULT observation-threads writes=... labels_right=N/N`;
// exits 1 when a label is wrong.
//
//   bezel-observation-check [writes per thread, default 150000]
import Bezel
import Observation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The app's model: one counter per writer thread, each behind the model's lock (the
/// model's storage is one array: its copy-on-write would otherwise be a race of the test's
/// own making, not Bezel's).
@Observable
final class Counters: @unchecked Sendable {
    var values = [0, 0, 0, 0]
    init() {}
}

let writesPerThread = CommandLine.arguments.count > 1 ? max(1, Int(CommandLine.arguments[1]) ?? 150_000) : 150_000
let counters = Counters()
let finishedWriters = Atomic<Int>(0)
nonisolated(unsafe) var lock = pthread_mutex_t()
pthread_mutex_init(&lock, nil)

func read(_ index: Int) -> Int {
    pthread_mutex_lock(&lock)
    defer { pthread_mutex_unlock(&lock) }
    return counters.values[index]
}

/// A writer thread (not on the main actor: a closure written inside `check` would be
/// inferred to be, and trap when the thread runs it).
nonisolated func write(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let index = Int(bitPattern: raw)
    for value in 1...writesPerThread {
        pthread_mutex_lock(&lock)
        counters.values[index] = value
        pthread_mutex_unlock(&lock)
    }
    finishedWriters.add(1, ordering: .releasing)
    return nil
}

@MainActor
func check() async -> (right: Int, frames: Int) {
    let application = Application(clock: VirtualClock(), tracer: Tracer())
    let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 200), application: application)
    let labels = (0..<4).map { index in
        let label = Label(frame: Rect(x: 0, y: Double(index) * 40, width: 200, height: 30))
        window.addSubview(label)
        label.observe { label in label.text = "\(read(index))" }
        return label
    }
    var threads = [pthread_t](repeating: pthread_t(), count: 4)
    for index in 0..<4 {
        pthread_create(&threads[index], nil, write, UnsafeMutableRawPointer(bitPattern: index))
    }
    // Frames while they write: each takes the changes noted so far and updates the labels.
    var frames = 0
    while finishedWriters.load(ordering: .acquiring) < 4 {
        window.prepareForFrame()
        frames += 1
        await Task.yield()
    }
    for thread in threads { pthread_join(thread, nil) }
    // The last changes' main-actor hops, then the frame that draws them.
    for _ in 0..<100 {
        await Task.yield()
        window.prepareForFrame()
    }
    return (labels.filter { $0.text == "\(writesPerThread)" }.count, frames)
}

let (right, frames) = await check()
print("RESULT observation-threads writes=\(4 * writesPerThread) frames=\(frames) labels_right=\(right)/4")
exit(right == 4 ? 0 : 1)
