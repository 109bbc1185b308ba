/* The few glibc 2.38 symbols that Debian sid's aarch64 Swift runtime (libdispatch, Foundation's
   C parts) references, defined here so that a binary linked against that runtime and bookworm's
   glibc 2.36 (Raspberry Pi OS bookworm, Debian 12) runs there. Linked into every aarch64 binary
   by deploy/cross/make-swift-sdk.sh (the SDK's toolset).

   glibc 2.38 added the __isoc23_ variants of strto* and sscanf (C23 semantics: "0b" prefixes
   for base 0 and 2) and strlcpy. Nothing in the runtime's callers parses binary literals, so the
   classic functions are the same for them. On glibc >= 2.38 (trixie) these definitions simply
   take precedence over the library's: the executable's own symbols bind first. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long __isoc23_strtol(const char *s, char **end, int base) { return strtol(s, end, base); }
long long __isoc23_strtoll(const char *s, char **end, int base) { return strtoll(s, end, base); }
unsigned long __isoc23_strtoul(const char *s, char **end, int base) { return strtoul(s, end, base); }
unsigned long long __isoc23_strtoull(const char *s, char **end, int base) { return strtoull(s, end, base); }

int __isoc23_sscanf(const char *s, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int result = vsscanf(s, format, arguments);
    va_end(arguments);
    return result;
}

/* BSD's strlcpy as glibc 2.38 documents it: copies at most size - 1 bytes, always terminates
   when size > 0, returns strlen(source). */
size_t strlcpy(char *destination, const char *source, size_t size) {
    size_t length = strlen(source);
    if (size > 0) {
        size_t copied = length < size - 1 ? length : size - 1;
        memcpy(destination, source, copied);
        destination[copied] = '\0';
    }
    return length;
}
