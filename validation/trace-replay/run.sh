#!/usr/bin/env bash
# Describes and replays every recorded trace under validation/trace-samples/{spark,rumen}
# and writes one Markdown report per trace to validation/trace-replay/out/: the trace's
# description, its replay under the scheduler it names and under the papers' policies,
# each compared with the recording. docs/trace-replay.md quotes these reports.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/validation/trace-replay/out"
mkdir -p "$out"
rackwise() { (cd "$root" && nice -n 5 node --conditions=@rackwise/source --import tsx packages/cli/src/bin.ts "$@"); }
policies="${POLICIES:-fair,delay,nas,sw-fair,shadow,fcs}"
for trace in "$root"/validation/trace-samples/spark/* "$root"/validation/trace-samples/rumen/*; do
  [ -e "$trace" ] || continue
  name="$(basename "$trace")"
  echo "== $name" >&2
  rackwise trace info "$trace" > "$out/$name.info.txt"
  rackwise run --trace "$trace" --quiet --markdown "$out/$name.named.md" > "$out/$name.named.txt"
  rackwise run --trace "$trace" --quiet --policies "$policies" --markdown "$out/$name.policies.md" > "$out/$name.policies.txt"
  # The same with every host in a rack of its own, so that shuffles cross rack links.
  rackwise run --trace "$trace" --quiet --policies "$policies" --racks-from '^([^.]+)' \
    --markdown "$out/$name.policies-racks.md" > "$out/$name.policies-racks.txt"
done
