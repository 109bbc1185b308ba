#!/usr/bin/env python3
"""Issue 36 item 2: reads run-display-test.sh's first-frames lines (stdin) and prints the
example app's RESULT lines against the demo's (the medians of rounds 2 to the last: the first round
warms the guest's file cache), then PASS or FAIL: the app's peak RSS and its start to the
first frame each at most 10 % above the demo's. Exits 1 on a FAIL or a run that went wrong."""
import re
import statistics
import sys

LIMIT = 1.10  # the "within 10 % of the demo's"

runs = {}
rounds = {}
for line in sys.stdin:
    m = re.search(r"BEZEL-FIRST-FRAME name=(\w+) round=(\d+) exit=(\d+) ms=(\d*) rss_kib=(\d*)", line)
    if not m:
        continue
    name, round_, status, ms, rss = m.groups()
    if status != "0" or not ms or not rss:
        print(f"FAIL example_app: {name} round {round_} did not reach its first frame and exit cleanly: {line.strip()}")
        sys.exit(1)
    rounds.setdefault(name, set()).add(int(round_))
    if round_ != "1":
        runs.setdefault(name, []).append((int(ms), int(rss)))
# Every round the guest ran (run-display-test.sh says how many), for both, and some counted.
last = max((max(r) for r in rounds.values()), default=0)
if sorted(rounds) != ["app", "baseline"] or last < 2 or any(r != set(range(1, last + 1)) for r in rounds.values()):
    print(f"FAIL example_app: not every round ran ({ {n: sorted(r) for n, r in rounds.items()} })")
    sys.exit(1)
ms = {n: statistics.median(t for t, _ in v) for n, v in runs.items()}
rss = {n: statistics.median(r for _, r in v) for n, v in runs.items()}
ms_ratio, rss_ratio = ms["app"] / ms["baseline"], rss["app"] / rss["baseline"]
where = f"coffee-kiosk and bezel-demo, static release, the guest's DRM device, median of rounds 2-{last}"
print(f"RESULT example_app_peak_rss_kib={rss['app']:.0f} demo_peak_rss_kib={rss['baseline']:.0f} ratio={rss_ratio:.3f} ({where})")
print(f"RESULT example_app_start_to_first_frame_ms={ms['app']:.0f} demo_start_to_first_frame_ms={ms['baseline']:.0f} ratio={ms_ratio:.3f} (the same runs, in turn)")
failed = [what for what, ratio in (("peak RSS", rss_ratio), ("start to the first frame", ms_ratio)) if ratio > LIMIT]
if failed:
    print(f"FAIL example_app: its {' and '.join(failed)} more than 10 % above the demo's")
    sys.exit(1)
print("PASS example_app: its peak RSS and start-up within 10 % of the demo's")
