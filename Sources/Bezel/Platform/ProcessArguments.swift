#if canImport(Glibc)
import Glibc

// The process's arguments for Swift's `CommandLine`, taken from glibc at start instead of from
// a walk of /proc/self/maps (issue 36 item 1: the start to the first frame).
//
// The Swift runtime on Linux finds argv with a static initializer (libswiftCore's
// CommandLine.cpp, `ArgvGrabber`) that runs before main in every Swift program: it reads
// /proc/self/maps line by line with sscanf to find the stack, then walks back from `environ`.
// With cairo and Pango loaded that is ~245 mappings: 0.53 M of the 22.4 M instructions from
// exec to the standard scene's first frame (callgrind, `bezel-bench --rss-probe`: 22,363,108
// -> 21,835,373), besides the kernel's work printing the map. glibc calls every function in
// the executable's .init_array with (argc, argv, envp) (csu/libc-start.c), so one such
// function keeps them, and the runtime's two entry points below answer from it.
//
// How these replace the runtime's: the static Swift runtime (the shipped builds) is an
// archive, and the linker takes a member of it only for a symbol nothing else defines. The
// two functions here are all that member (CommandLine.cpp.o) defines, so the member and its
// initializer stay out of the executable. With the shared runtime (debug builds, the tests)
// the runtime's own copy answers its own calls; both give the same arguments. Only with glibc:
// musl calls .init_array functions with no arguments at all, so with it (Swift's static Linux
// SDK) this file is empty and the runtime keeps its own way. Should the call not have come
// (Bezel's code loaded in some way that skips it), the arguments are read from
// /proc/self/cmdline, as the Swift runtime itself does on systems without the walk.

nonisolated(unsafe) private var startArgumentCount: Int32 = 0
nonisolated(unsafe) private var startArguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
nonisolated(unsafe) private var overridingArgumentCount: Int32 = 0
nonisolated(unsafe) private var overridingArguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil

/// Called by glibc before main, with main's own arguments.
@section(".init_array") @used
private let keepStartArguments: @convention(c) (Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                                UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Void = { count, arguments, _ in
    guard let arguments, count >= 0 else { return }
    startArgumentCount = count
    startArguments = arguments
}

/// The runtime's entry point for `CommandLine.unsafeArgv` and `argc`
/// (stdlib/public/CommandLineSupport/CommandLine.cpp, the Swift calling convention).
@used @_silgen_name("_swift_stdlib_getUnsafeArgvArgc")
func swiftStandardLibraryGetUnsafeArgvArgc(_ count: UnsafeMutablePointer<Int32>) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    if let overridingArguments {
        count.pointee = overridingArgumentCount
        return overridingArguments
    }
    if startArguments == nil { (startArguments, startArgumentCount) = readProcessCommandLine() }
    count.pointee = startArgumentCount
    return startArguments
}

/// The runtime's entry point for a host that sets the arguments itself (a JIT, the REPL).
@used @_silgen_name("_swift_stdlib_overrideUnsafeArgvArgc")
func swiftStandardLibraryOverrideUnsafeArgvArgc(_ arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ count: Int32) {
    overridingArguments = arguments
    overridingArgumentCount = count
}

/// /proc/self/cmdline's NUL-separated arguments, allocated for the process's life (the
/// standard library keeps the array it makes from them); none if the file cannot be read.
func readProcessCommandLine() -> (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, Int32) {
    var bytes: [CChar] = []
    if let file = fopen("/proc/self/cmdline", "rb") {
        var buffer = [CChar](repeating: 0, count: 4096)
        while true {
            let read = fread(&buffer, 1, buffer.count, file)
            if read <= 0 { break }
            bytes.append(contentsOf: buffer[0..<read])
        }
        fclose(file)
    }
    var starts: [Int] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == 0 {
        starts.append(start)
        start = index + 1
    }
    let arguments = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: starts.count + 1)
    for (index, start) in starts.enumerated() { arguments[index] = strdup(Array(bytes[start...])) }
    arguments[starts.count] = nil
    return (arguments, Int32(starts.count))
}
#endif
