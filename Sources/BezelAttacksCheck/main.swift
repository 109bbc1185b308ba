// bezel-attacks: issue 37's attacks on Bezel, run by `.ci/run`.
//
//   bezel-attacks files [--mutations N] [--seed S] [--verbose]
//       U2: the bad-file run. Every seed image and font mutated N times (default 40) plus
//       the built attacks (bombs, huge and non-finite sizes, embedded images, deep nesting,
//       unbounded SVG content, broken fonts), through the public loaders in a worker
//       process. Prints FAIL lines and `RESULT U2 files=... crashes=0 hangs=0
//       max_rss_mib=...`; exits 1 on a crash, a case over 2 s of the UI thread or over
//       100 MiB.
//
//   bezel-attacks random [--suite NAME] [--steps N] [--seed S]
//       U1: the random-operation suites (all, or the one named), N steps each (default
//       100,000), invariants checked after every step. Prints `RESULT U1 suite=... steps=...
//       violations=0 seed=...` per suite; on a violation the operations before it and the
//       seed that replays them; exits 1. BEZEL_U1_TRACE=<text> prints the operations that
//       contain it as they are made (empty: all).
//
//   bezel-attacks soak [--hours H] [--warm-up H] [--busy] [--max-growth-kib N] [--seed S]
//       U4: the demo under random use for H virtual hours (default 24), a frame after each
//       step; resident size and heap in use sampled every virtual quarter hour. Prints the
//       samples and `RESULT U4 steps=... virtual_hours=... rss_growth_kib=...
//       heap_growth_kib=...`, growth counted from the end of the warm-up (default 2 h): the
//       median of the last 2 hours' samples less that of the first 2 after the warm-up.
//       --busy: short waits between actions (about 7,000 actions a virtual hour instead of
//       3,300). --max-growth-kib: exit 1 when either grew more after the warm-up.
import Bezel
import BezelAttacks
#if canImport(Glibc)
import Glibc
#endif

@MainActor func usage() -> Never {
    print("""
        usage: bezel-attacks files [--mutations N] [--seed S] [--verbose]
               bezel-attacks random [--suite NAME] [--steps N] [--seed S]
               bezel-attacks soak [--hours H] [--warm-up H] [--busy] [--max-growth-kib N] [--seed S]
          files   the bad-file run (issue 37 U2): mutated and built PNG, JPEG, SVG and font
                  files through the public loaders; RESULT U2 ...
          random  the random-operation suites (issue 37 U1): \(RandomSuites.all.map { $0.name }.joined(separator: ", "));
                  RESULT U1 ... per suite
          soak    the demo under random use on the virtual clock (issue 37 U4); RESULT U4 ...
        """)
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else { usage() }
arguments.removeFirst()
var options = FilesCheck.Options()
var from = 0
var verbose = false
var suite: String?
var steps = 100_000
var hours = 24.0
var warmUp = 2.0
var busy = false
var maximumGrowth: Int?

while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--mutations": options.mutations = arguments.isEmpty ? -1 : Int(arguments.removeFirst()) ?? -1
    case "--seed": options.seed = arguments.isEmpty ? 0 : UInt64(arguments.removeFirst()) ?? 0
    case "--from": from = arguments.isEmpty ? -1 : Int(arguments.removeFirst()) ?? -1
    case "--verbose": verbose = true
    case "--busy": busy = true
    case "--max-growth-kib": maximumGrowth = arguments.isEmpty ? -1 : Int(arguments.removeFirst()) ?? -1
    case "--hours": hours = arguments.isEmpty ? -1 : Double(arguments.removeFirst()) ?? -1
    case "--warm-up": warmUp = arguments.isEmpty ? -1 : Double(arguments.removeFirst()) ?? -1
    case "--suite": suite = arguments.isEmpty ? "" : arguments.removeFirst()
    case "--steps": steps = arguments.isEmpty ? -1 : Int(arguments.removeFirst()) ?? -1
    default: usage()
    }
}
guard options.mutations >= 0, from >= 0, hours > 0, warmUp >= 0, warmUp < hours, (maximumGrowth ?? 0) >= 0 else { usage() }
let status: Int32 = MainActor.assumeIsolated {
    switch command {
    case "files": return FilesCheck.supervise(options, verbose: verbose)
    case "files-worker": return FilesCheck.work(options, from: from)
    case "random": return RandomSuites.run(suite: suite, steps: steps, seed: options.seed)
    case "soak": return SoakCheck.run(hours: hours, warmUp: warmUp, seed: options.seed, busy: busy, maximumGrowthKiB: maximumGrowth)
    case "--help", "-h", "help": usage()
    default: usage()
    }
}
exit(status)
