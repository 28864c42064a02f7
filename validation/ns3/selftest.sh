#!/usr/bin/env bash
# Quick check of the ns-3 runner (well under 30 s after the first build):
#  1. one 10 MB flow across racks (examples/single-10mb.tsv),
#  2. a done flow beside a cancelled one (examples/cancelled.tsv),
# each output must list every input id, in input order, with end > start and
# the bytes the flow had to send; 3. three flows on one bottleneck with
# --queue=fq must get their max-min shares; 4. a malformed trace must be
# refused with its line number. Exit non-zero on any failure.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail=0

check() { # <trace> <times>
  awk -F'\t' '
    FNR == NR {
      if ($1 == "flow") {
        n++; id[n] = $2; start[n] = $3
        want[n] = ($10 == "cancelled") ? $12 : $6
        want[n] = int(want[n] + 0.5); if (want[n] < 1) want[n] = 1
      }
      next
    }
    FNR == 1 && $0 != "# rackwise flow times 1" { print "bad header: " $0; bad = 1 }
    /^#/ || /^$/ { next }
    {
      m++
      if ($1 != id[m]) { print "line " FNR ": id " $1 ", expected " id[m]; bad = 1 }
      if (!($3 > $2)) { print "flow " $1 ": end " $3 " not after start " $2; bad = 1 }
      if ($2 != start[m] + 0 && $2 + 0 != start[m] + 0) { print "flow " $1 ": start " $2 " != " start[m]; bad = 1 }
      if ($4 + 0 != want[m]) { print "flow " $1 ": delivered " $4 ", expected " want[m]; bad = 1 }
    }
    END {
      if (m != n) { print "output has " m " flows, trace " n; bad = 1 }
      exit bad
    }' "$1" "$2"
}

for name in single-10mb cancelled; do
  trace="$here/examples/$name.tsv"
  out="$tmp/$name.times.tsv"
  if ! "$here/run.sh" --trace="$trace" --out="$out" --links="$tmp/$name.links.tsv"; then
    echo "selftest: $name: run failed" >&2
    fail=1
    continue
  fi
  if ! check "$trace" "$out" >&2; then
    echo "selftest: $name: output check failed" >&2
    fail=1
  fi
  if ! grep -q '^# rackwise link bytes 1$' "$tmp/$name.links.tsv"; then
    echo "selftest: $name: link bytes file missing its header" >&2
    fail=1
  fi
done

# (a) goodput: 10 MB over a 1 Gbps NIC must finish within 5 % of
# bytes / (1 Gbps x 1448/1502), the best TCP over PPP can do.
end="$(awk -F'\t' '!/^#/ && $1 == 0 { print $3 }' "$tmp/single-10mb.times.tsv")"
if ! awk -v e="$end" 'BEGIN { ideal = 8e7 / (1e9 * 1448 / 1502); exit !(e >= ideal && e < 1.05 * ideal) }'; then
  echo "selftest: single 10 MB flow took $end s, outside [1, 1.05] x ideal" >&2
  fail=1
fi

# (b) with --queue=fq the three flows of share-3 end within 2 % of the fluid
# max-min times (0.1245, 0.2075, 0.249 s at 1448/1502 of 1 Gbps); this also
# guards against FqCoDel silently delivering nothing.
if "$here/run.sh" --trace="$here/examples/share-3.tsv" --out="$tmp/share.tsv" --queue=fq; then
  if ! awk -F'\t' 'BEGIN { c = 1e9 * 1448 / 1502; f[0] = 3 * 5e6 * 8 / c
      f[1] = f[0] + 2 * 5e6 * 8 / c; f[2] = f[1] + 5e6 * 8 / c }
    !/^#/ { n++; r = $3 / f[$1]; if (r < 0.98 || r > 1.02) { print "flow " $1 " ends " $3 ", fluid " f[$1]; bad = 1 } }
    END { exit bad || n != 3 }' "$tmp/share.tsv" >&2; then
    echo "selftest: share-3 with fq is not max-min fair" >&2
    fail=1
  fi
else
  echo "selftest: share-3 with fq: run failed" >&2
  fail=1
fi

# A malformed trace is refused with its line number and field, exit 2.
printf '# rackwise flow trace 1\ntopology\t2\t2\t1e9\t2e9\t2e9\nflow\t0\t0\t0\t9\t100\tshuffle\t0\t0\tdone\t0\t100\t0\n' >"$tmp/bad.tsv"
set +e
"$here/run.sh" --trace="$tmp/bad.tsv" --out="$tmp/bad.out" 2>"$tmp/bad.err"
rc=$?
set -e
if [[ $rc -ne 2 ]] || ! grep -q 'bad.tsv:3: field destination' "$tmp/bad.err" || [[ -e "$tmp/bad.out" ]]; then
  echo "selftest: malformed trace not refused as expected (exit $rc): $(cat "$tmp/bad.err")" >&2
  fail=1
fi

if [[ $fail -ne 0 ]]; then
  echo "selftest: FAILED" >&2
  exit 1
fi
echo "selftest: ok" >&2
