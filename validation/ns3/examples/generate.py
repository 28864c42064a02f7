#!/usr/bin/env python3
"""Writes the generated example traces of this folder (rerun after editing).

single-10mb.tsv, share-3.tsv and cancelled.tsv are written by hand.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def links(src, dst, racks, per_rack):
    """Link indices of the path src -> dst (nic-up, rack-up, rack-down, nic-down)."""
    n = racks * per_rack
    rs, rd = src // per_rack, dst // per_rack
    path = [src]
    if rs != rd:
        path += [2 * n + rs, 2 * n + racks + rd]
    path.append(n + dst)
    return ",".join(map(str, path))


def write(name, comment, racks, per_rack, nic, up, down, flows):
    with open(os.path.join(HERE, name), "w") as f:
        f.write("# rackwise flow trace 1\n# %s\n" % comment)
        f.write("topology\t%d\t%d\t%g\t%g\t%g\n" % (racks, per_rack, nic, up, down))
        for i, (start, src, dst, size) in enumerate(flows):
            f.write("flow\t%d\t%g\t%d\t%d\t%d\tshuffle\t0\t%d\tdone\t0\t%d\t%s\n"
                    % (i, start, src, dst, size, i, size, links(src, dst, racks, per_rack)))


# (c) all-to-all shuffle: 2 racks x 4 hosts, 1 Gbps NICs, 2 Gbps rack links
# (2:1 oversubscribed), 8 MB for every ordered pair of hosts, all at t=0.
write("all-to-all-2x4.tsv",
      "(c) all-to-all: 2 racks x 4 hosts, 1 Gbps NICs, 2 Gbps rack links, 8 MB per pair",
      2, 4, 1e9, 2e9, 2e9,
      [(0, s, d, 8000000) for s in range(8) for d in range(8) if s != d])

# (d) incast: N senders spread over racks, 256 KiB each to node 0 at t=0,
# 1 Gbps NICs and 10 Gbps rack links so node 0's NIC is the only bottleneck.
for n, racks, per_rack in ((8, 3, 3), (32, 3, 11)):
    write("incast-%d.tsv" % n,
          "(d) incast: %d senders x 262144 B to node 0; 1 Gbps NICs, 10 Gbps rack links" % n,
          racks, per_rack, 1e9, 1e10, 1e10,
          [(0, s, 0, 262144) for s in range(1, n + 1)])

# (e) wall-time probe: a cross-rack permutation, 4 racks x 4 hosts, 1 Gbps
# NICs, 2 Gbps rack links (2:1), host i sends 20 MB to host i + 4 (next rack).
write("permutation-4x4.tsv",
      "(e) permutation: 4 racks x 4 hosts, 1 Gbps NICs, 2 Gbps rack links, 20 MB to the next rack",
      4, 4, 1e9, 2e9, 2e9,
      [(0, s, (s + 4) % 16, 20000000) for s in range(16)])
