#!/usr/bin/env bash
# Times a rackwise flow trace with the Linux kernel's TCP on an emulated fabric made on
# this machine (needs root): one network namespace per host, per ToR router and for the
# core router, veth links with offloads off, each egress a tbf rate limit over a bounded
# drop-tail queue. Rates are the trace's divided by --scale; RTO_min is --rtoMin × scale.
#
#   validation/kernel/run.sh --trace=flows.tsv --out=DIR [--scale=100] [--cc=reno]
#     [--rtoMin=0.2] [--portBytes=131072] [--reps=3] [--loneBytes=2000000] [--ecnBytes=0]
#   validation/kernel/run.sh --cleanup      # removes what killed runs left behind
#   validation/kernel/run.sh --check        # exit 0 when this machine can make the fabric
#
# Writes DIR/settings.txt, DIR/lone/host-<n>.txt (one cross-rack flow alone) and
# DIR/rep-<k>/host-<n>.txt (the trace, repetition k), each as rackwise-flows prints them.
# Everything it creates (namespaces named rwk<pid>-…, the processes in them) is removed
# on exit and on INT, TERM and HUP.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="$here/build"
bin="$build/rackwise-flows"
PORT=5001

trace='' out='' scale=100 cc=reno rto_min=0.2 port_bytes=131072 reps=3 lone_bytes=2000000 ecn_bytes=0
mode=run
for a in "$@"; do
  case "$a" in
  --trace=*) trace="${a#*=}" ;;
  --out=*) out="${a#*=}" ;;
  --scale=*) scale="${a#*=}" ;;
  --cc=*) cc="${a#*=}" ;;
  --rtoMin=*) rto_min="${a#*=}" ;;
  --portBytes=*) port_bytes="${a#*=}" ;;
  --reps=*) reps="${a#*=}" ;;
  --loneBytes=*) lone_bytes="${a#*=}" ;;
  --ecnBytes=*) ecn_bytes="${a#*=}" ;;
  --cleanup) mode=cleanup ;;
  --check) mode=check ;;
  *)
    echo "run.sh: unknown option $a" >&2
    exit 2
    ;;
  esac
done

# Namespaces of runs whose controlling process is gone.
cleanup_stale() {
  local ns pid
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E '^rwk[0-9]+-' || true); do
    pid="${ns#rwk}"
    pid="${pid%%-*}"
    if ! kill -0 "$pid" 2>/dev/null; then remove_namespace "$ns"; fi
  done
}

remove_namespace() {
  local p
  for p in $(ip netns pids "$1" 2>/dev/null || true); do kill -9 "$p" 2>/dev/null || true; done
  ip netns del "$1" 2>/dev/null || true
}

# Why this machine cannot make the fabric, or nothing.
cannot() {
  if [[ "$(id -u)" != 0 ]]; then
    echo "not root"
    return
  fi
  local tool
  for tool in ip tc ethtool gcc; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      if command -v apt-get >/dev/null 2>&1; then
        echo "run.sh: installing iproute2, ethtool, gcc with apt-get" >&2
        export DEBIAN_FRONTEND=noninteractive
        { apt-get update && apt-get install -y --no-install-recommends iproute2 ethtool gcc libc6-dev; } >/dev/null 2>&1 || true
      fi
      break
    fi
  done
  for tool in ip tc ethtool gcc; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "$tool is missing"
      return
    fi
  done
  if ! ip netns add "rwk$$-probe" 2>/dev/null; then
    echo "cannot create network namespaces"
    return
  fi
  if ! ip -n "rwk$$-probe" link add probe0 type veth peer name probe1 2>/dev/null ||
    ! tc -n "rwk$$-probe" qdisc add dev probe0 root tbf rate 1mbit burst 3028 limit 3028 2>/dev/null; then
    ip netns del "rwk$$-probe"
    echo "cannot create veth links or tbf queues"
    return
  fi
  ip netns del "rwk$$-probe"
}

case "$mode" in
cleanup)
  cleanup_stale
  exit 0
  ;;
check)
  why="$(cannot)"
  if [[ -n "$why" ]]; then
    echo "$why"
    exit 1
  fi
  exit 0
  ;;
esac

[[ -n "$trace" && -n "$out" ]] || {
  echo "run.sh: --trace and --out are required" >&2
  exit 2
}
why="$(cannot)"
if [[ -n "$why" ]]; then
  echo "run.sh: $why" >&2
  exit 5
fi
if ! grep -qw "$cc" /proc/sys/net/ipv4/tcp_available_congestion_control; then
  command -v modprobe >/dev/null 2>&1 && modprobe "tcp_$cc" 2>/dev/null || true
  if ! grep -qw "$cc" /proc/sys/net/ipv4/tcp_available_congestion_control; then
    echo "run.sh: congestion control $cc is not in this kernel ($(cat /proc/sys/net/ipv4/tcp_available_congestion_control))" >&2
    exit 6
  fi
fi

# Compile the sender/receiver when its source changed.
mkdir -p "$build"
compile=(gcc -O2 -Wall -o "$bin.tmp" "$here/flows.c" -lpthread)
hash="$({ cat "$here/flows.c"; echo "${compile[*]}"; } | sha256sum | cut -d' ' -f1)"
(
  flock 9
  if [[ ! -x "$bin" || "$(cat "$build/sources.sha256" 2>/dev/null || true)" != "$hash" ]]; then
    "${compile[@]}" 2>"$build/compile.log" || {
      cat "$build/compile.log" >&2
      exit 1
    }
    mv -f "$bin.tmp" "$bin"
    echo "$hash" >"$build/sources.sha256"
  fi
) 9>"$build/.lock"

# The fabric, from the trace's topology line.
read -r racks per_rack nic up down < <(awk -F'\t' '$1 == "topology" { print $2, $3, $4, $5, $6; exit }' "$trace")
hosts=$((racks * per_rack))
if ((hosts > 250)); then
  echo "run.sh: at most 250 hosts" >&2
  exit 2
fi
# tbf counts the 14-byte Ethernet header, the reference's links 2 bytes of PPP: a full
# 1514-byte frame takes the time of a 1502-byte one at the trace's rate.
rate() { awk -v r="$1" -v s="$scale" 'BEGIN { printf "%.0f", r / s * 1514 / 1502 }'; }
host_rate="$(rate "$nic")"
up_rate="$(rate "$up")"
down_rate="$(rate "$down")"
rto_ms="$(awk -v r="$rto_min" -v s="$scale" 'BEGIN { printf "%.0f", r * s * 1000 }')"

# One fabric at a time on a machine: runs would share its CPUs and the input backlog setting.
exec 8>/tmp/rackwise-kernel-fabric.lock
if ! flock -w 1800 8; then
  echo "run.sh: another fabric held the lock for 30 minutes" >&2
  exit 5
fi

id="rwk$$"
namespaces=()
children=()
backlog_was=''
finish() {
  local status=$?
  trap - EXIT INT TERM HUP
  [[ -z "$backlog_was" ]] || sysctl -qw net.core.netdev_max_backlog="$backlog_was" || true
  local p ns
  for p in "${children[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  for ns in "${namespaces[@]}"; do remove_namespace "$ns"; done
  exit "$status"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP
cleanup_stale
# All veth traffic enters CPU 0's input backlog (packet steering below); the default 1000
# packets overflow when the CPU is busy elsewhere. Raised for the run, restored on exit.
backlog_was="$(sysctl -n net.core.netdev_max_backlog)"
if ((backlog_was < 100000)); then sysctl -qw net.core.netdev_max_backlog=100000; else backlog_was=''; fi

make_ns() {
  ip netns add "$1"
  namespaces+=("$1")
  ip -n "$1" link set lo up
}

# Queue at an egress: tbf at the rate over a drop-tail queue (bfifo of bytes, or pfifo of
# packets for the hosts' own NICs), or RED marking ECN above --ecnBytes for DCTCP.
shape() {
  local ns="$1" dev="$2" bits="$3" kind="$4"
  tc -n "$ns" qdisc add dev "$dev" root handle 1: tbf rate "${bits}bit" burst 3028 limit 3028
  if [[ "$kind" == host ]]; then
    tc -n "$ns" qdisc add dev "$dev" parent 1:1 handle 10: pfifo limit 10000
  elif ((ecn_bytes > 0)); then
    tc -n "$ns" qdisc add dev "$dev" parent 1:1 handle 10: red limit "$port_bytes" min "$ecn_bytes" \
      max "$((ecn_bytes + 1514))" avpkt 1514 burst 1 probability 1 bandwidth "${bits}bit" ecn harddrop
  else
    tc -n "$ns" qdisc add dev "$dev" parent 1:1 handle 10: bfifo limit "$port_bytes"
  fi
}

# Offloads off, packet steering on CPU 0 (in-order delivery), on every device of a namespace.
settle() {
  local ns="$1"
  shift
  ip netns exec "$ns" sh -c '
    for d in "$@"; do
      ethtool -K "$d" tso off gso off gro off >/dev/null 2>&1 || ethtool -K "$d" gso off >/dev/null
      for q in /sys/class/net/$d/queues/rx-*/rps_cpus; do echo 1 >"$q"; done
    done' sh "$@"
}

# The trace: done flows send their bytes, cancelled ones what they delivered, at least 1.
mkdir -p "$out"
awk -F'\t' '$1 == "flow" {
  b = ($10 == "cancelled") ? $12 : $6; b = int(b + 0.5); if (b < 1) b = 1
  print $2, $3, $4, $5, b }' "$trace" >"$out/trace.list"
# One cross-rack flow alone (first host to the last), to check line rate.
printf '0 0 0 %d %d\n' "$((hosts - 1))" "$lone_bytes" >"$out/lone.list"
# Only hosts that send or receive get a namespace (and their ToR port): an incast's idle
# hosts and a recorded cut's would cost minutes to make on a busy machine.
declare -A in_use=()
for n in $(awk '{ print $3; print $4 }' "$out/trace.list" "$out/lone.list" | sort -nu); do in_use[$n]=1; done
used=()
for ((n = 0; n < hosts; n++)); do [[ -z "${in_use[$n]:-}" ]] || used+=("$n"); done

core="$id-c"
make_ns "$core"
ip netns exec "$core" sysctl -qw net.ipv4.ip_forward=1
for ((r = 0; r < racks; r++)); do
  tor="$id-t$r"
  make_ns "$tor"
  ip netns exec "$tor" sysctl -qw net.ipv4.ip_forward=1
  ip link add uplink netns "$tor" type veth peer name "r$r" netns "$core"
  ip -n "$tor" addr add "10.2.$r.1/24" dev uplink
  ip -n "$core" addr add "10.2.$r.2/24" dev "r$r"
  ip -n "$tor" link set uplink up
  ip -n "$core" link set "r$r" up
  shape "$tor" uplink "$up_rate" port
  shape "$core" "r$r" "$down_rate" port
  ip -n "$tor" route add default via "10.2.$r.2"
  devices=(uplink)
  for ((i = 0; i < per_rack; i++)); do
    n=$((r * per_rack + i))
    [[ -n "${in_use[$n]:-}" ]] || continue
    h="$id-h$n"
    make_ns "$h"
    # The congestion control is set on each socket (a namespace's sysctl takes only the allowed ones).
    ip netns exec "$h" sh -c "
      sysctl -qw net.ipv4.tcp_no_metrics_save=1 \
        net.ipv4.tcp_ecn=$([[ "$ecn_bytes" -gt 0 ]] && echo 1 || echo 0) \
        net.ipv4.tcp_rmem='4096 131072 4194304' net.ipv4.tcp_wmem='4096 16384 4194304'"
    ip link add "h$n" netns "$tor" type veth peer name eth0 netns "$h"
    ip -n "$tor" addr add "10.1.$n.1/24" dev "h$n"
    ip -n "$h" addr add "10.1.$n.2/24" dev eth0
    ip -n "$tor" link set "h$n" up
    ip -n "$h" link set eth0 up
    shape "$tor" "h$n" "$host_rate" port
    shape "$h" eth0 "$host_rate" host
    # RTO_min scaled with the rates; ACK every segment (no delayed ACKs), as the reference does.
    ip -n "$h" route add default via "10.1.$n.1" dev eth0 rto_min "${rto_ms}ms" quickack 1
    ip -n "$core" route add "10.1.$n.0/24" via "10.2.$r.1"
    settle "$h" eth0
    devices+=("h$n")
  done
  settle "$tor" "${devices[@]}"
done
core_devices=()
for ((r = 0; r < racks; r++)); do core_devices+=("r$r"); done
settle "$core" "${core_devices[@]}"

cat >"$out/settings.txt" <<EOF
kernel	$(uname -r)
congestion control	$cc
ecn marking bytes	$ecn_bytes
time scale	$scale
host link bit/s	$host_rate
rack uplink bit/s	$up_rate
rack downlink bit/s	$down_rate
switch port bytes	$port_bytes
rto_min ms	$rto_ms
tcp_recovery	$(cat /proc/sys/net/ipv4/tcp_recovery)
tcp_early_retrans	$(cat /proc/sys/net/ipv4/tcp_early_retrans)
tcp_sack	$(cat /proc/sys/net/ipv4/tcp_sack)
EOF

# Runs one flow list (lines `<id> <start> <source> <destination> <bytes>`) on the fabric,
# every host's output in $2/host-<n>.txt.
run_flows() {
  local list="$1" dir="$2" n last
  mkdir -p "$dir"
  last="$(awk 'BEGIN { m = 0 } $2 > m { m = $2 } END { print m }' "$list")"
  local t0 deadline
  deadline="$(awk -v l="$last" -v s="$scale" 'BEGIN { printf "%.0f", l * s + 1200 }')"
  children=()
  for n in "${used[@]}"; do
    awk -v n="$n" '
      $4 == n { expect++ }
      $3 == n { printf "%s %s 10.1.%d.2 %s\n", $1, $2, $4, $5 }
      END { printf "expect %d\n", expect }' "$list" >"$dir/list-$n.txt"
    # The traffic runs at lower priority than the fabric's making (whose many short commands
    # would otherwise crawl on a busy machine).
    nice -n 10 ip netns exec "$id-h$n" "$bin" "$PORT" "$dir/ready-$n" "$dir/go" "$scale" "$dir/list-$n.txt" "$deadline" "$cc" \
      >"$dir/host-$n.txt" 2>"$dir/host-$n.err" &
    children+=($!)
  done
  # Every host listens before any flow starts: t0 is set once all are ready.
  local waited=0
  while (($(find "$dir" -maxdepth 1 -name 'ready-*' | wc -l) < ${#used[@]})); do
    sleep 0.1
    if ((++waited > 3000)); then
      echo "run.sh: hosts not ready after 300 s" >&2
      exit 3
    fi
  done
  t0=$(($(date +%s%N) + 500000000))
  echo "$t0" >"$dir/t0.txt"
  echo "$t0" >"$dir/go.tmp"
  mv "$dir/go.tmp" "$dir/go"
  local before failed=0 p
  before="$(backlog_drops)"
  for p in "${children[@]}"; do
    if ! wait "$p"; then
      failed=1
      break
    fi
  done
  if ((failed)); then
    for p in "${children[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  fi
  children=()
  if ((failed)); then
    cat "$dir"/host-*.err >&2
    echo "run.sh: a host's flows did not finish" >&2
    exit 3
  fi
  echo "$(($(backlog_drops) - before))" >"$dir/backlog-drops.txt"
}

# Packets the kernel dropped before any emulated queue (per-CPU input backlogs full: the
# CPU fell behind), summed over CPUs. A run with any is refused by the caller.
backlog_drops() {
  local total=0 d
  for d in $(awk '{ print $2 }' /proc/net/softnet_stat); do total=$((total + 16#$d)); done
  echo "$total"
}

run_flows "$out/lone.list" "$out/lone"
for ((k = 1; k <= reps; k++)); do
  sleep 1
  run_flows "$out/trace.list" "$out/rep-$k"
done
