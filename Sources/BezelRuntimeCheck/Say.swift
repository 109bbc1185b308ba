#if canImport(Glibc)
import Glibc
#endif

/// Prints a line for the guest's script and flushes at once: the script waits for these
/// lines in a file, and a buffered line would arrive only at exit.
func say(_ line: String) {
    print(line)
    fflush(nil)
}
