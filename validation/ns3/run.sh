#!/usr/bin/env bash
# Builds (when needed) and runs rackwise-ns3 with the arguments given.
#
#   validation/ns3/run.sh --trace=flows.tsv --out=times.tsv [--links=links.tsv] ...
#
# - Installs ns-3 (Debian's libns3-dev), g++ and pkg-config with apt-get if
#   libns3-dev is missing (needs root, as on CI).
# - Compiles into validation/ns3/build/ only when the sources changed
#   (SHA-256 of the sources and compile command kept in the build dir),
#   under a lock so parallel runs do not race.
# - Prints nothing on success; errors go to stderr, exit code is the program's.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="$here/build"
bin="$build/rackwise-ns3"

if ! dpkg -s libns3-dev >/dev/null 2>&1 || ! command -v g++ >/dev/null 2>&1; then
  echo "run.sh: installing libns3-dev, g++, pkg-config with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update >/dev/null
  apt-get install -y --no-install-recommends libns3-dev g++ pkg-config >/dev/null
fi

units=(trace.cc network.cc flows.cc rackwise-ns3.cc)
sources=(trace.h network.h flows.h "${units[@]}")
# -Wl,--no-as-needed: Debian links with --as-needed, which drops ns-3
# libraries referenced only through TypeId names (e.g. the queue discs).
compile=(g++ -std=c++17 -O2 -o "$bin.tmp")
link=(-Wl,--no-as-needed -lns3-core -lns3-network -lns3-internet -lns3-point-to-point
  -lns3-applications -lns3-traffic-control)

mkdir -p "$build"
hash="$(cd "$here" && { cat "${sources[@]}"; echo "${compile[*]} ${link[*]}"; } | sha256sum | cut -d' ' -f1)"
(
  flock 9
  if [[ ! -x "$bin" || "$(cat "$build/sources.sha256" 2>/dev/null || true)" != "$hash" ]]; then
    (cd "$here" && nice -n 5 "${compile[@]}" "${units[@]}" "${link[@]}" 2>"$build/compile.log") || {
      cat "$build/compile.log" >&2
      echo "run.sh: compilation failed" >&2
      exit 1
    }
    mv -f "$bin.tmp" "$bin"
    echo "$hash" >"$build/sources.sha256"
  fi
) 9>"$build/.lock"

exec nice -n 5 "$bin" "$@"
