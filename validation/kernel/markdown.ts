/** The "Against the Linux kernel's TCP" section of docs/network-validation.md. */
import { existsSync, readFileSync } from 'node:fs';
import type { KernelFigures, KernelResults, KernelScenarioResult, Spread } from './collect.js';
import type { CostFit } from './congestion-cost.js';
import { HOST_BITS_PER_SECOND } from './harness.js';
import { costFormsInShort, readCostForms, renderCostForms } from './markdown-cost-forms.js';
import { renderSecondRound, secondRoundInShort } from './markdown-second-round.js';
import { renderThirdRound, thirdRoundInShort } from './markdown-third-round.js';

const COST_FIT = new URL('./congestion-cost.json', import.meta.url).pathname;

const pct = (x: number): string =>
  Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)} %` : '—';
const range = (s: Spread, f: (x: number) => string): string =>
  !Number.isFinite(s.median)
    ? '—'
    : s.min === s.max
      ? f(s.median)
      : `${f(s.median)} (${f(s.min)} … ${f(s.max)})`;
const seconds = (x: number): string => (x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));

/** "A takes 68.4 % longer than B" from a ratio error A ÷ B − 1, either sign stated in words. */
export function longerOrShorter(a: string, b: string, error: number): string {
  if (!Number.isFinite(error)) return `${a} against ${b}: —`;
  return error >= 0
    ? `${a} takes ${(error * 100).toFixed(1)} % longer than ${b}`
    : `${a} takes ${(-error * 100).toFixed(1)} % less time than ${b} (${b} takes ${((1 / (1 + error) - 1) * 100).toFixed(1)} % longer)`;
}

function median(values: readonly number[]): number {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (v.length === 0) return Number.NaN;
  const m = (v.length - 1) / 2;
  return (v[Math.floor(m)]! + v[Math.ceil(m)]!) / 2;
}

const FAMILY_TITLES: Readonly<Record<KernelScenarioResult['family'], string>> = {
  'all-to-all': '(a) one job’s all-to-all shuffle',
  incast: '(b) incast',
  mixed: '(c) mice and elephants',
  fb2010: '(d) FB-2010 flows under Fair and NAS',
};

function measured(s: KernelScenarioResult, setting: string): KernelFigures | undefined {
  const f = s.linux[setting];
  return f === undefined || 'refused' in f ? undefined : f;
}

/** Per scenario and Linux setting: Linux's own figures, ns-3's, and the exact model's. */
function scenarioTable(results: KernelResults, family: KernelScenarioResult['family']): string[] {
  const rows = results.scenarios.filter((s) => s.family === family);
  if (rows.length === 0) return [];
  const incast = family === 'incast';
  const lines = [
    `| scenario | Linux | lone flow | Linux last byte (s) | RTOs per run | ns-3 last byte (s) | Linux ÷ ns-3 − 1, last byte | Linux ÷ ns-3 − 1, median FCT |${incast ? ' goodput Linux | goodput ns-3 |' : ''} exact ÷ Linux − 1 | exact ÷ ns-3 − 1 |`,
    `|---|---|---:|---:|---:|---:|---:|---:|${incast ? '---:|---:|' : ''}---:|---:|`,
  ];
  for (const s of rows) {
    for (const [setting, f] of Object.entries(s.linux)) {
      if ('refused' in f) {
        lines.push(`| ${s.name} | ${setting} | refused: ${f.refused} |${' |'.repeat(incast ? 9 : 7)}`);
        continue;
      }
      const g = (x: number | undefined): string =>
        x === undefined || !Number.isFinite(x) ? '—' : x.toFixed(3);
      lines.push(
        `| ${s.name} | ${setting} | ${(f.loneShare * 100).toFixed(1)} % | ${range(f.lastByte, seconds)} | ${f.rtos.join(', ')} | ${s.ns3 === undefined ? '—' : seconds(s.ns3.lastByte)} | ${range(f.vsNs3.lastByte, pct)} | ${range(f.vsNs3.medianFct, pct)} |${incast ? ` ${f.goodput === undefined ? '—' : range(f.goodput, (x) => x.toFixed(3))} | ${g(s.ns3?.goodput)} |` : ''} ${range(f.models.exact!.lastByte, pct)} | ${pct(f.models.exact!.lastByteVsNs3)} |`,
      );
    }
  }
  return lines;
}

/** Per model setting: the last byte's error against Linux and against ns-3, median over a family's scenarios. */
function modelTable(results: KernelResults, setting: string): string[] {
  const families = (['all-to-all', 'incast', 'mixed', 'fb2010'] as const).filter((f) =>
    results.scenarios.some((s) => s.family === f && measured(s, setting) !== undefined),
  );
  if (families.length === 0) return [];
  const names = Object.keys(
    results.scenarios.map((s) => measured(s, setting)).find((f) => f !== undefined)?.models ?? {},
  );
  const lines = [
    `| model setting | ${families.map((f) => `${FAMILY_TITLES[f]}: ÷ Linux − 1 | ÷ ns-3 − 1`).join(' | ')} |`,
    `|---|${families.map(() => '---:|---:').join('|')}|`,
  ];
  for (const name of names) {
    const cells = families.map((family) => {
      const scenarios = results.scenarios.filter((s) => s.family === family);
      const linux = scenarios.map((s) => measured(s, setting)?.models[name]?.lastByte.median ?? Number.NaN);
      const ns3 = scenarios.map((s) => measured(s, setting)?.models[name]?.lastByteVsNs3 ?? Number.NaN);
      const span = (v: number[]): string => {
        const ok = v.filter(Number.isFinite);
        return ok.length <= 1
          ? pct(median(ok))
          : `${pct(median(ok))} (${pct(Math.min(...ok))} … ${pct(Math.max(...ok))})`;
      };
      return `${span(linux)} | ${span(ns3)}`;
    });
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  return lines;
}

/** Family medians of the last byte, for the findings. */
export function familyLastByte(
  results: KernelResults,
  family: KernelScenarioResult['family'],
  setting: string,
  get: (f: KernelFigures) => number,
): number {
  return median(
    results.scenarios
      .filter((s) => s.family === family)
      .map((s) => measured(s, setting))
      .filter((f): f is KernelFigures => f !== undefined)
      .map(get),
  );
}

function findings(results: KernelResults): string[] {
  const lines: string[] = [];
  for (const setting of Object.keys(results.settings)) {
    if (results.skipped[setting] !== undefined) continue;
    for (const family of ['all-to-all', 'incast', 'mixed', 'fb2010'] as const) {
      const exact = familyLastByte(results, family, setting, (f) => f.models.exact!.lastByte.median);
      if (!Number.isFinite(exact)) continue;
      const vsNs3 = familyLastByte(results, family, setting, (f) => f.vsNs3.lastByte.median);
      const rtos = familyLastByte(results, family, setting, (f) => median(f.rtos));
      lines.push(
        `- **${FAMILY_TITLES[family]}, ${setting}** (median over the family's scenarios, last byte): ${longerOrShorter('Linux', 'the exact model', 1 / (1 + exact) - 1)}; ${longerOrShorter('Linux', 'ns-3', vsNs3)}; ${rtos} ${rtos === 1 ? 'RTO' : 'RTOs'} per run at the median.`,
      );
    }
  }
  const incast = results.scenarios.filter((s) => s.family === 'incast');
  for (const setting of Object.keys(results.settings)) {
    const points = incast
      .map((s) => [s, measured(s, setting)] as const)
      .filter((p): p is readonly [KernelScenarioResult, KernelFigures] => p[1]?.goodput !== undefined);
    if (points.length === 0) continue;
    const list = points
      .map(
        ([s, f]) =>
          `${f.goodput!.median.toFixed(2)} at N = ${s.facts.senders} (ns-3 ${s.ns3?.goodput === undefined ? '—' : s.ns3.goodput.toFixed(2)})`,
      )
      .join(', ');
    lines.push(
      `- **Incast goodput, ${setting}** (bytes ÷ time to the last byte ÷ the receiver's line rate, median over repetitions): ${list}; the fluid model gives 1.00 at every N.`,
    );
  }
  return lines;
}

/** The congestion-cost term's fit and held-out errors (`congestion-cost.json`). */
export function renderCostSection(fit: CostFit): string[] {
  const families = ['all-to-all', 'incast', 'mixed', 'fb2010'] as const;
  const abs = (x: number): string => (Number.isFinite(x) ? `${(x * 100).toFixed(1)} %` : '—');
  const row = (source: 'linux' | 'cubic' | 'ns3') =>
    families.map((f) => {
      const e = fit.heldOut[source]?.[f];
      return e === undefined ? '— | —' : `${abs(e.exact)} | ${abs(e.cost)}`;
    });
  const allToAll = fit.heldOut.linux['all-to-all'];
  const out = [
    '### The congestion-cost term',
    '',
    `\`congestionLoss: 'congestion-cost'\` (network setting \`congestion-cost\`; \`congestionCostFraction\` of @rackwise/topology) charges a link what congestion cost the kernel's TCP here. A port holds \`n0 = (buffer + capacity × RTT) ÷ (w × MSS)\` flows without timeouts; past that, in each round of \`n × R ÷ capacity\` seconds the share \`1 − n0 ÷ n\` of the flows it cannot hold stalls the link's last byte for RTO_min, so the link delivers \`round ÷ (round + (1 − n0 ÷ n) × RTO_min)\` of its capacity. And flows that start at one instant send their initial windows (${fit.fixed.initialWindowSegments} segments) at once: past the \`(buffer + capacity × RTT) ÷ (initial window × MSS)\` first flows on a port, the others lose theirs and send nothing for RTO_min (then start again from one segment, no second burst). Fixed from the fabric and the kernel: buffer ${fit.fixed.bufferBytes} bytes, MSS ${fit.fixed.mssBytes} bytes, RTO_min ${fit.fixed.rtoMinSeconds * 1000} ms, RTT ${fit.fixed.rttSeconds * 1e6} µs, initial window ${fit.fixed.initialWindowSegments} segments. Fitted by grid search (w in ${fit.grid.windowSegments.join(', ')} segments; R from ${fit.grid.roundBytes[0]! / 1024} KiB to ${fit.grid.roundBytes.at(-1)! / 1024} KiB by doubling), minimising the mean over families of the mean |last-byte error| against linux-reno on the calibration half: ${fit.calibrate.join('; ')}. The fit: **w = ${fit.fitted.windowSegments} segments, R = ${fit.fitted.roundBytes / 1024} KiB**; calibration error ${abs(fit.calibrationError.exact)} (exact) → ${abs(fit.calibrationError.cost)}.`,
    '',
    "Held out: the Linux scenarios of the other half, every linux-cubic run (the term never saw CUBIC) and every ns-3 scenario (reno-200ms; the term never saw ns-3). Median over a family's points of the last byte's |model ÷ reference − 1|:",
    '',
    `| reference | ${families.map((f) => `${FAMILY_TITLES[f]}: exact | with the term`).join(' | ')} |`,
    `|---|${families.map(() => '---:|---:').join('|')}|`,
    `| Linux (held-out half) | ${row('linux').join(' | ')} |`,
    `| linux-cubic (all held out) | ${row('cubic').join(' | ')} |`,
    `| ns-3 | ${row('ns3').join(' | ')} |`,
    '',
    ...(families.includes('fb2010')
      ? [
          "The fit read every last byte from the trace's time 0, so family (d)'s errors here, on cuts that start 120 s in, are near 0 by construction and (d) weighed almost nothing in the fit; the Linux tables above and the third round below read them from each cut's first flow.",
          '',
        ]
      : []),
    '| scenario | reference | half | reference last byte (s) | exact ÷ reference − 1 | with the term ÷ reference − 1 |',
    '|---|---|---|---:|---:|---:|',
    ...fit.points
      .filter((p) => p.source !== 'ns-3' || p.family !== 'incast' || /256 KB other rack/.test(p.scenario))
      .map(
        (p) =>
          `| ${p.scenario} | ${p.source} | ${p.half === 'calibrate' ? 'fitted on' : 'held out'} | ${seconds(p.reference)} | ${pct(p.exact)} | ${pct(p.cost)} |`,
      ),
    '',
    `Speed: replaying every trace above (${fit.points.length} points) took ${fit.replayMillis.exact.toFixed(0)} ms under the exact model and ${fit.replayMillis.cost.toFixed(0)} ms with the term, on a shared machine: the term is one function of a link's flow count per link and solve, and a count per link of the flows that start together, which the compiled solver applies to each link before each solve.`,
    '',
    "(ns-3's incast rows: the 256 KB other-rack points, as on Linux; the family median above takes all 30.)",
    '',
    fit.lowersEveryFamily
      ? '- It lowers the held-out error against Linux in every family measured.'
      : `- It does not lower the held-out error against Linux in every family (${families
          .filter(
            (f) =>
              fit.heldOut.linux[f] !== undefined &&
              !(fit.heldOut.linux[f]!.cost < fit.heldOut.linux[f]!.exact),
          )
          .map((f) => FAMILY_TITLES[f])
          .join(', ')}): it is a named reading, off by default.`,
    allToAll === undefined
      ? '- No held-out all-to-all point against Linux.'
      : `- On the held-out all-to-all the last byte is off by ${abs(allToAll.cost)} with the term (exact: ${abs(allToAll.exact)}); the target is at most 10 %${allToAll.cost <= 0.1 ? ', met' : ', not met'}.`,
    '',
  ];
  return out;
}

/** "In short" lines from the Linux figures and the congestion-cost fit. */
export function kernelInShort(results: KernelResults, cost: CostFit | undefined = readCostFit()): string[] {
  const families = ['all-to-all', 'incast', 'mixed', 'fb2010'] as const;
  const perFamily = families
    .map((family) => {
      const cells = results.scenarios
        .filter((s) => s.family === family)
        .map((s) => [s, measured(s, 'linux-reno')] as const)
        .filter((p): p is readonly [KernelScenarioResult, KernelFigures] => p[1] !== undefined)
        .map(
          ([s, f]) =>
            `${s.name.replace(/ other rack| \(30 MB cut\)/g, '')} ${pct(f.models.exact!.lastByte.median)}`,
        );
      return cells.length === 0 ? undefined : `${FAMILY_TITLES[family]}: ${cells.join(', ')}`;
    })
    .filter((x) => x !== undefined);
  const out = [
    `- **Against the Linux kernel's TCP** (Reno with RACK-TLP, last byte, exact model ÷ Linux − 1, median over ${results.repetitions} repetitions; below zero the model finishes early): ${perFamily.join('; ')}.`,
  ];
  if (cost !== undefined) {
    const abs = (x: number): string => `${(x * 100).toFixed(1)} %`;
    const held = (source: 'linux' | 'ns3') =>
      families
        .filter((f) => cost.heldOut[source][f] !== undefined)
        .map(
          (f) =>
            `${FAMILY_TITLES[f]} ${abs(cost.heldOut[source][f]!.exact)} → ${abs(cost.heldOut[source][f]!.cost)}`,
        )
        .join(', ');
    out.push(
      `- **The congestion-cost term** (\`congestion-cost\`, fitted on half the Linux scenarios): held-out median |last-byte error| against Linux, exact → with the term: ${held('linux')}; against ns-3: ${held('ns3')}. ${cost.lowersEveryFamily ? 'It lowers the held-out error in every family.' : 'It does not lower it in every family, so it stays a named reading, off by default.'}${cost.heldOut.linux.fb2010 === undefined ? '' : ' (The fit read (d)’s last bytes from the trace’s time 0, 120 s before the cuts start, so its (d) figures are near 0 by construction; the tables and the third round read them from each cut’s first flow.)'}`,
      ...costFormsInShort(readCostForms(), cost.fixed.rtoMinSeconds),
      ...secondRoundInShort(readCostForms()?.secondRound, results),
      ...thirdRoundInShort(readCostForms()?.thirdRound, results),
    );
  }
  return out;
}

function readCostFit(): CostFit | undefined {
  return existsSync(COST_FIT) ? (JSON.parse(readFileSync(COST_FIT, 'utf8')) as CostFit) : undefined;
}

/**
 * When the figures were timed: one run, or per run the scenarios it timed (a run resumed
 * with `--resume` keeps what an earlier one timed).
 */
export function whenTimed(results: KernelResults): string {
  const runs = new Map<string, string[]>();
  for (const s of results.scenarios) {
    const t = s.timed ?? results;
    const key = `on ${t.date.slice(0, 10)} (Linux ${t.kernel}, commit ${t.commit})`;
    runs.set(key, [...(runs.get(key) ?? []), s.name]);
  }
  if (runs.size <= 1)
    return (
      [...runs.keys()][0] ??
      `on ${results.date.slice(0, 10)} (Linux ${results.kernel}, commit ${results.commit})`
    );
  const [most, ...others] = [...runs].sort((a, b) => b[1].length - a[1].length);
  return `${most![0]}, ${others.map(([when, names]) => `${names.join(', ')} ${when}`).join('; ')}`;
}

/** The section, from the kernel results (and the congestion-cost fit, when there is one). */
export function renderKernelSection(
  results: KernelResults,
  cost: CostFit | undefined = readCostFit(),
): string[] {
  const settings = Object.entries(results.settings);
  const applied = settings.find(([, s]) => s.applied !== undefined)?.[1].applied ?? {};
  const out = [
    '## Against the Linux kernel’s TCP',
    '',
    `Generated by \`pnpm validate:network --kernel\` ${whenTimed(results)} (the figures are also in [validation/kernel/results.json](../validation/kernel/results.json)). The same flows (scenarios marked as cut or smaller are the same generator at a size that runs in minutes) timed by the kernel's TCP on a fabric emulated on one machine (\`validation/kernel/\`): a network namespace per host, per ToR router and for the core router, veth links with TSO, GSO and GRO off, every egress a tbf rate limit over a drop-tail queue; packet steering pinned to CPU 0 (in-order delivery).`,
    '',
    `**Scaling.** Host links run at ${HOST_BITS_PER_SECOND / 1e6} Mbit/s: every rate of the trace is divided by its scale S = NIC rate ÷ ${HOST_BITS_PER_SECOND / 1e6} Mbit/s (100 for the 1 Gbps families, 25 for FB-2010's 250 Mbps), start times and RTO_min (200 ms → 200 ms × S) are multiplied by S, and measured times divided by S again: every time in the tables is in the trace's time. tbf counts the 14-byte Ethernet header, the reference's links 2 bytes of PPP, so each rate is raised by 1514/1502. Not scaled: propagation delay (not emulated; ns-3 has 10 µs per link), the kernel's 1 s initial RTO for a lost SYN and the TLP timer's floor.`,
    '',
    `**Settings.** Switch ports (ToR → host, ToR → core, core → ToR): bfifo of ${applied['switch port bytes'] ?? '131072'} bytes, 86 full frames, as ns-3's 128 KiB ports. Host NICs: pfifo of 10000 packets (no drops at the sender's own NIC, as the reference's deep host queue). ACK every segment (route \`quickack 1\`, as ns-3's DelAckCount 1), SACK and timestamps on, tcp_recovery ${applied.tcp_recovery ?? '?'} (RACK), tcp_early_retrans ${applied.tcp_early_retrans ?? '?'} (TLP), no metrics kept between flows, 4 MiB socket buffers. ${results.repetitions} repetitions per setting.`,
    '',
    ...settings.map(
      ([name, s]) =>
        `- \`${name}\`: ${s.description}${results.skipped[name] === undefined ? '' : ` — not run: ${results.skipped[name]}`}`,
    ),
    '',
    `**Checks.** Before the repetitions, one cross-rack flow alone must reach ${(results.checks.loneMinShare * 100).toFixed(0)} % of its path's payload rate (1448 of 1502 bytes): below that the CPU, not the fabric, would be timing the flows. Each repetition's last byte must lie within ±${(results.checks.repetitionTolerance * 100).toFixed(0)} % of the repetitions' median. A run that fails either is refused and shown as refused. Spreads in brackets are the least and greatest over repetitions.`,
    '',
    '### What it shows',
    '',
    ...findings(results),
    '',
  ];
  for (const family of ['all-to-all', 'incast', 'mixed', 'fb2010'] as const) {
    const table = scenarioTable(results, family);
    if (table.length === 0) continue;
    out.push(`### ${FAMILY_TITLES[family]} on Linux`, '', ...table, '');
  }
  for (const [setting] of settings) {
    const table = modelTable(results, setting);
    if (table.length === 0) continue;
    out.push(
      `### Every model setting against ${setting} and against ns-3`,
      '',
      'Last byte, model ÷ Linux − 1 (median over repetitions, then over the family’s scenarios, range over scenarios) and model ÷ ns-3 − 1 (ns-3 under reno-200ms): below zero the model finishes early.',
      '',
      ...table,
      '',
    );
  }
  if (cost !== undefined)
    out.push(
      ...renderCostSection(cost),
      ...renderCostForms(readCostForms(), cost.fixed.rtoMinSeconds),
      ...renderSecondRound(readCostForms()?.secondRound, results),
      ...renderThirdRound(readCostForms()?.thirdRound, results),
    );
  return out;
}
