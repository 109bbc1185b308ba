// bezel-image-decoder: decodes one untrusted image for a Bezel app, confined (see
// BezelCairo's IsolatedImageDecoder and ImageDecoderService). Started by ImageLoader with the
// file as standard input; install it beside the app (deploy/install.sh does).
import BezelCairo
#if canImport(Glibc)
import Glibc
#endif

let status = MainActor.assumeIsolated { ImageDecoderService.run(arguments: Array(CommandLine.arguments.dropFirst())) }
exit(status)
