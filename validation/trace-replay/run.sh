#!/usr/bin/env bash
# Describes and replays public recorded traces and compares each replay with its recording:
# the measurements behind docs/trace-replay.md.
#
#   bash validation/trace-replay/run.sh [samples-dir] [out-dir]
#
# samples-dir (default: $RACKWISE_TRACE_SAMPLES, else /tmp/rackwise-trace-samples) holds the
# recordings, unchanged, in spark/ (event log files and eventlog_v2_* directories) and rumen/
# (job histories). They are not in this repository; get them from their projects:
#   Apache Spark, https://github.com/apache/spark, core/src/test/resources/spark-events/
#     application_1506645932520_24630151, application_1516285256255_0012,
#     application_1536831636016_59384_1, application_1538416563558_0014, application_1547723113049_0005, …_0006,
#     application_1553914137147_0018, application_1555004656427_0144,
#     application_1578436911597_0052, app-20161116163331-0000, app-20161115172038-0000,
#     app-20180109111548-0000, eventlog_v2_*/
#   Apache Hadoop, https://github.com/apache/hadoop,
#     hadoop-tools/hadoop-sls/src/main/data/2jobs2min-rumen-jh.json
#
# out-dir (default: <samples-dir>/out) gets, per trace, `trace info`, the replay under the
# scheduler the trace names (<name>.named.md: every job, recorded against simulated), and
# the replays under the papers' policies on the trace's racks and with a rack per host; then
# pooled.md, the errors of every job of every trace together; and mechanisms.md (with
# mechanisms.json): each Spark log replayed without each part of what it records, the
# error each part accounts for. It must lie outside this
# repository or in a folder git ignores.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
samples="${1:-${RACKWISE_TRACE_SAMPLES:-/tmp/rackwise-trace-samples}}"
if [ ! -d "$samples" ]; then
  echo "run.sh: no folder $samples: put the public samples in its spark/ and rumen/ (see the top of this script for where to get them)" >&2
  exit 2
fi
samples="$(cd "$samples" && pwd)"
out="$(realpath -m "${2:-$samples/out}")"
case "$out/" in
  "$root"/*)
    if ! git -C "$root" check-ignore -q "$out"; then
      echo "run.sh: $out is inside the repository and not ignored by git: give another out-dir" >&2
      exit 2
    fi
    ;;
esac
mkdir -p "$out"
source_node() { (cd "$root" && nice -n 5 node --conditions=@rackwise/source --import tsx "$@"); }
rackwise() { source_node packages/cli/src/bin.ts "$@"; }
policies="${POLICIES:-fair,delay,nas,sw-fair,shadow,fcs}"
found=0
replayed=()
for trace in "$samples"/spark/* "$samples"/rumen/*; do
  [ -e "$trace" ] || continue
  found=$((found + 1))
  name="$(basename "$trace")"
  echo "== $name" >&2
  if ! rackwise trace info "$trace" > "$out/$name.info.txt" 2> "$out/$name.refused.txt"; then
    echo "   refused: $(cat "$out/$name.refused.txt")" >&2
    continue
  fi
  if ! rackwise run --trace "$trace" --quiet --markdown "$out/$name.named.md" > "$out/$name.named.txt" 2> "$out/$name.refused.txt"; then
    echo "   not replayed: $(cat "$out/$name.refused.txt")" >&2
    continue
  fi
  rm -f "$out/$name.refused.txt"
  if [ "$(dirname "$trace")" = "$samples/spark" ]; then replayed+=("$trace"); fi
  rackwise run --trace "$trace" --quiet --policies "$policies" --markdown "$out/$name.policies.md" > "$out/$name.policies.txt"
  # The same with every host in a rack of its own, so that shuffles cross rack links.
  rackwise run --trace "$trace" --quiet --policies "$policies" --racks-from '^([^.]+)' \
    --markdown "$out/$name.policies-racks.md" > "$out/$name.policies-racks.txt"
done
if [ "$found" -eq 0 ]; then
  echo "run.sh: no trace in $samples/spark or $samples/rumen (see the top of this script for where to get them)" >&2
  exit 2
fi
node "$root/validation/trace-replay/pooled-errors.mjs" "$out"/*.named.md > "$out/pooled.md"
if [ "${#replayed[@]}" -gt 0 ]; then
  source_node validation/trace-replay/mechanisms.ts "$out/mechanisms.json" "${replayed[@]}" > "$out/mechanisms.md"
fi
echo "reports in $out" >&2
