#if canImport(Glibc)
import Testing
@testable import Bezel

/// The arguments Bezel gives the Swift runtime in place of its walk of /proc/self/maps
/// (Platform/ProcessArguments.swift). In this test process the shared runtime's own copy
/// answers `CommandLine`, so each of Bezel's two ways is checked against it. Serialized: one
/// test sets the process-wide override the others read.
@Suite(.serialized) struct ProcessArgumentsTests {
    private func strings(_ arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ count: Int32) -> [String] {
        guard let arguments else { return [] }
        return (0..<Int(count)).map { arguments[$0].map { String(cString: $0) } ?? "<nil>" }
    }

    @Test func theArgumentsKeptAtStartAreMainsOwn() {
        var count: Int32 = -1
        let arguments = swiftStandardLibraryGetUnsafeArgvArgc(&count)
        #expect(count == CommandLine.argc)
        #expect(strings(arguments, count) == CommandLine.arguments)
        // main's own array on the stack, which the runtime's walk found too, kept before main
        // ran (the fallback would have made an array of its own).
        #expect(arguments == CommandLine.unsafeArgv)
        // C's convention: the list ends with a null pointer.
        #expect(arguments?[Int(count)] == nil)
    }

    @Test func theFallbackReadsTheSameArgumentsFromProc() {
        // Used where the C library passes nothing to .init_array's functions.
        let (arguments, count) = readProcessCommandLine()
        #expect(count == CommandLine.argc)
        #expect(strings(arguments, count) == CommandLine.arguments)
        #expect(arguments[Int(count)] == nil)
    }

    @Test func aHostsOverrideIsAnsweredUntilItIsCleared() {
        var first = Array("first\0".utf8CString), second = Array("second\0".utf8CString)
        first.withUnsafeMutableBufferPointer { one in
            second.withUnsafeMutableBufferPointer { two in
                var list: [UnsafeMutablePointer<CChar>?] = [one.baseAddress, two.baseAddress, nil]
                list.withUnsafeMutableBufferPointer { overriding in
                    swiftStandardLibraryOverrideUnsafeArgvArgc(overriding.baseAddress, 2)
                    defer { swiftStandardLibraryOverrideUnsafeArgvArgc(nil, 0) }
                    var count: Int32 = 0
                    let arguments = swiftStandardLibraryGetUnsafeArgvArgc(&count)
                    #expect(strings(arguments, count) == ["first", "second"])
                }
            }
        }
        var count: Int32 = 0
        _ = swiftStandardLibraryGetUnsafeArgvArgc(&count)
        #expect(count == CommandLine.argc)
    }
}
#endif
