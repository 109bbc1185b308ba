#!/usr/bin/env bash
# Writes a SwiftPM toolset (SE-0387's toolset.json) that compiles and links an app's executable
# the way Bezel's own are: release-flags.sh's compiler flags, and Package.swift's executableLinking
# (issue 17 item 3; issue 36 item 2): lld with packed relative relocations (DT_RELR), no
# exported symbols, the static Swift runtime's C++ library linked in (deploy/link). SwiftPM
# does not hand a dependency's flags down to the app (it refuses unsafeFlags in a package
# depended on by version), so they travel on the command line, and the app's manifest needs none:
#   bash Bezel/deploy/app-toolset.sh .build/bezel-toolset.json
#   swift build -c release --static-swift-stdlib --toolset .build/bezel-toolset.json --product APP
# deploy/install.sh --app builds an app this way. Only the hot-function order of the demo
# (deploy/hot-functions.txt) is not included: it lists the demo's own functions.
#   usage: app-toolset.sh OUTPUT_FILE
set -euo pipefail
[ $# -eq 1 ] && [ "${1#-}" = "$1" ] || { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
. "$(dirname "$0")/release-flags.sh"
link=$(cd "$(dirname "$0")/link" && pwd)
link=$(printf '%s' "$link" | sed 's/[\\"]/\\&/g')   # as a JSON string
mkdir -p "$(dirname "$1")"
# -use-ld is the Swift driver's (it picks the linker), the rest are the linker's own; the
# compiler's flags are release-flags.sh's (every module of the app, Bezel's included).
compiler=""
for flag in "${BEZEL_RELEASE_SWIFTC_FLAGS[@]}"; do compiler+=", \"$flag\""; done
cat > "$1" <<JSON
{
  "schemaVersion": "1.0",
  "swiftCompiler": { "extraCLIOptions": ["-use-ld=lld"$compiler] },
  "linker": { "extraCLIOptions": ["-z", "pack-relative-relocs", "--no-export-dynamic", "-L", "$link"] }
}
JSON
