/**
 * Why the congestion-cost term misses the held-out all-to-all, and the forms weighed on
 * the calibration half (`congestion-cost-forms.json`): a subsection of the kernel section
 * of docs/network-validation.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { AllToAllTimeline, LinuxTimeline } from './all-to-all-timelines.js';
import type { CostForm, FormFit, SecondRoundFile } from './congestion-cost-forms.js';
import { median } from './harness.js';
import { TIMED_AFTER_FIRST_ROUND } from './scenarios.js';
import type { ThirdRoundFile } from './third-round.js';

const FORMS_FIT = new URL('./congestion-cost-forms.json', import.meta.url).pathname;

/** What `--fit-cost --forms` writes. */
export interface CostFormsFile {
  readonly date: string;
  readonly forms: readonly FormFit[];
  readonly timelines: readonly AllToAllTimeline[];
  /** The second round (`markdown-second-round.ts`), where one has been fitted. */
  readonly secondRound?: SecondRoundFile;
  /** The third round (`markdown-third-round.ts`), where its predictions have been kept. */
  readonly thirdRound?: ThirdRoundFile;
}

export function readCostForms(): CostFormsFile | undefined {
  return existsSync(FORMS_FIT) ? (JSON.parse(readFileSync(FORMS_FIT, 'utf8')) as CostFormsFile) : undefined;
}

const FORM_TITLES: Readonly<Record<CostForm, string>> = {
  derating: 'derating (the term: a congested link delivers less)',
  'recovery-tail':
    'recovery tail (work-conserving; a flow whose last window meets a full port ends k × RTO_min later)',
  'derating+recovery-tail': 'derating and recovery tail',
};

const FAMILIES = ['all-to-all', 'incast', 'mixed', 'fb2010'] as const;
const FAMILY_SHORT: Readonly<Record<(typeof FAMILIES)[number], string>> = {
  'all-to-all': '(a)',
  incast: '(b)',
  mixed: '(c)',
  fb2010: '(d)',
};

const s3 = (x: number): string => x.toFixed(3);
const abs = (x: number | undefined): string => (x === undefined ? '—' : `${(x * 100).toFixed(1)} %`);
const signed = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(0)} %`;

/** A Linux timeline's cells: last byte (range), median FCT, tail after the median, RTOs per run. */
function linuxCells(x: LinuxTimeline | undefined, rtoMin: number, refused?: string): string[] {
  if (x === undefined) return [refused === undefined ? 'not run' : 'refused', '', '', ''];
  return [
    `${s3(x.lastByte)} (${s3(x.lastByteRange[0])}–${s3(x.lastByteRange[1])})`,
    s3(x.medianFct),
    `${((x.lastByte - x.medianFct) / rtoMin).toFixed(1)}`,
    x.rtosPerRun.join(', '),
  ];
}

/** The last bytes a refusal names (`last byte 0.57, 0.57, 0.77 s (…)`), or the reason itself. */
const lastBytes = (why: string): string => /last byte ([^(]*)\(/.exec(why)?.[1]?.trim() ?? why;

/** The last bytes of the refused tries' repetitions, in the order the refusals name them. */
const refusedLastBytes = (x: LinuxTimeline): number[] =>
  (x.otherTries ?? []).flatMap((why) =>
    lastBytes(why).replace(/ s$/, '').split(',').map(Number).filter(Number.isFinite),
  );

/** Least and greatest last byte over every repetition of every try (kept and refused). */
function everyTry(x: LinuxTimeline): [number, number] {
  const refusedBytes = refusedLastBytes(x);
  return [Math.min(x.lastByteRange[0], ...refusedBytes), Math.max(x.lastByteRange[1], ...refusedBytes)];
}

/**
 * The last byte of every repetition of every try, kept and refused, where the kept try's
 * three repetitions are known from its median and range; undefined otherwise.
 */
export function pooledLastBytes(x: LinuxTimeline): number[] | undefined {
  if (x.rtosPerRun.length !== 3) return undefined;
  return [x.lastByteRange[0], x.lastByte, x.lastByteRange[1], ...refusedLastBytes(x)];
}

/**
 * How the text names an all-to-all: its oversubscription, and its bytes per pair where the
 * timelines hold more than one size.
 */
function namer(timelines: readonly AllToAllTimeline[]): (x: AllToAllTimeline) => string {
  const sizes = new Set(timelines.map((x) => x.bytesPerPair));
  const racks = new Set(timelines.map((x) => x.racks));
  return (x) =>
    `${x.oversubscription}:1${sizes.size > 1 ? ` ${x.bytesPerPair / 1e6} MB` : ''}${racks.size > 1 && x.racks !== 4 ? ` ${x.racks} racks` : ''}`;
}

/** The subsection, or nothing before `--fit-cost --forms` has run. */
export function renderCostForms(file: CostFormsFile | undefined, rtoMin: number): string[] {
  if (file === undefined) return [];
  // The larger pairs first (the ones the term was fitted on), each size by oversubscription.
  const t = [...file.timelines].sort(
    (a, b) => b.bytesPerPair - a.bytesPerPair || a.oversubscription - b.oversubscription,
  );
  const at = namer(t);
  const congested = t.filter((x) => x.oversubscription > 1);
  const setting = (name: 'linux' | 'cubic') => congested.filter((x) => x[name] !== undefined);
  const added = (x: LinuxTimeline, e: AllToAllTimeline): number => x.lastByte - e.exact.lastByte;
  const each = (xs: readonly AllToAllTimeline[], f: (x: AllToAllTimeline) => string): string =>
    xs.map((x) => `${f(x)} at ${at(x)}`).join(', ');
  const spread = (x: LinuxTimeline): number => x.lastByteRange[1] / x.lastByteRange[0] - 1;
  const chosen = [...file.forms].sort((a, b) => a.calibrationError - b.calibrationError)[0]!;
  const heldAllToAll = file.forms.map((f) => f.heldOut.linux['all-to-all']?.cost ?? Number.POSITIVE_INFINITY);
  const reno = setting('linux');
  const cubic = setting('cubic');
  const refused = [
    ...t.filter((x) => x.renoRefused !== undefined).map((x) => ['Reno', x, x.renoRefused!] as const),
    ...t.filter((x) => x.cubicRefused !== undefined).map((x) => ['CUBIC', x, x.cubicRefused!] as const),
  ];
  const retried = [
    ...t
      .filter((x) => x.linux?.otherTries !== undefined)
      .map((x) => ['Reno', x, x.linux!.otherTries!] as const),
    ...t
      .filter((x) => x.cubic?.otherTries !== undefined)
      .map((x) => ['CUBIC', x, x.cubic!.otherTries!] as const),
  ];
  const heldReno = t.filter((x) => x.half === 'judge' && x.linux !== undefined);
  const within = heldReno.map((x) => {
    const [lo, hi] = everyTry(x.linux!);
    return `${at(x)}: the term ${s3(x.term.lastByte)} s, Linux ${s3(lo)}–${s3(hi)} s${x.term.lastByte >= lo && x.term.lastByte <= hi ? ' (within)' : ''}`;
  });
  // Another reading of the reference: the median of every repetition of every try, not of the try that stood.
  const pooled = heldReno.flatMap((x) => {
    const all = pooledLastBytes(x.linux!);
    return all === undefined ? [] : [{ x, all, error: x.term.lastByte / median(all) - 1 }];
  });
  const withFlows = [
    ...reno.map((x) => ['Reno', x, x.linux!] as const),
    ...cubic.map((x) => ['CUBIC', x, x.cubic!] as const),
  ].filter(([, , l]) => l.bulkEnd !== undefined);
  return [
    '### The all-to-all: where Linux’s time goes, and the forms weighed',
    '',
    `Linux's all-to-all runs (median over repetitions, range in brackets, RTOs per repetition) beside the exact model's and the term's (\`pnpm validate:network --kernel --fit-cost --forms\`, ${file.date.slice(0, 10)}). Times in trace seconds; "tail" is the last byte after the median flow's FCT, in RTO_min.`,
    '',
    '| scenario | half | Reno last byte | Reno median FCT | Reno tail | Reno RTOs per run | CUBIC last byte | CUBIC median FCT | CUBIC tail | CUBIC RTOs per run | exact last byte | term last byte | term median FCT |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...t.map(
      (x) =>
        `| ${x.scenario} | ${x.half === 'calibrate' ? 'fitted on' : 'held out'} | ${[...linuxCells(x.linux, rtoMin, x.renoRefused), ...linuxCells(x.cubic, rtoMin, x.cubicRefused)].join(' | ')} | ${s3(x.exact.lastByte)} | ${s3(x.term.lastByte)} | ${s3(x.term.medianFct)} |`,
    ),
    '',
    `- **Linux's cost is a tail, not a slower link.** Where the uplinks are congested Linux's median flow ends ${each(reno, (x) => signed(x.linux!.medianFct / x.exact.medianFct - 1))} (Reno) and ${each(cubic, (x) => signed(x.cubic!.medianFct / x.exact.medianFct - 1))} (CUBIC) against the exact model's, and the last byte comes ${each(reno, (x) => ((x.linux!.lastByte - x.linux!.medianFct) / rtoMin).toFixed(1))} (Reno) and ${each(cubic, (x) => ((x.cubic!.lastByte - x.cubic!.medianFct) / rtoMin).toFixed(1))} (CUBIC) RTO_min after it. The term places the last byte by slowing every flow: its median FCT is ${each(congested, (x) => signed(x.term.medianFct / x.exact.medianFct - 1))} against the exact model's.`,
    withFlows.length === 0
      ? ''
      : `- **Per flow** (runs whose flow times are kept, \`validation/kernel/all-to-all-flow-times.json\`): 90 % of the flows had ended by ${withFlows.map(([tcp, x, l]) => `${s3(l.bulkEnd!)} s (${tcp} ${at(x)}; exact last byte ${s3(x.exact.lastByte)})`).join(', ')}; the flows ending more than half an RTO_min after the exact model's last byte: ${withFlows.map(([tcp, x, l]) => `${(l.lateShare! * 100).toFixed(1)} % (${tcp} ${at(x)})`).join(', ')}.${withFlows.every(([, , l]) => l.lateShare! < 0.1) ? " The bulk ends within a tenth or so of the fluid model's last byte; a few flows wait for recovery, and the last of them sets Linux's last byte." : ''}`,
    `- **In seconds.** Linux's last byte comes ${each(reno, (x) => `${s3(added(x.linux!, x))} s`)} (Reno) and ${each(cubic, (x) => `${s3(added(x.cubic!, x))} s`)} (CUBIC) after the exact model's.`,
    `- **Repetitions.** Linux's own last byte moves between repetitions by ${each(reno, (x) => `${(spread(x.linux!) * 100).toFixed(0)} %`)} (Reno, greatest over least − 1) and ${each(cubic, (x) => `${(spread(x.cubic!) * 100).toFixed(0)} %`)} (CUBIC).${refused.length === 0 ? '' : ` Refused: ${refused.map(([tcp, x, why]) => `${tcp} ${at(x)} (${why})`).join('; ')}: their repetitions' last bytes lie further apart than the harness's ±20 %.`}${retried.length === 0 ? '' : ` Tries refused besides the runs kept (repetitions more than ±20 % from their median): ${retried.map(([tcp, x, tries]) => `${tcp} ${at(x)}, last bytes ${tries.map(lastBytes).join(' and ')}`).join('; ')}.`} A model of the median run cannot be closer to one run than this spread.${within.length === 0 ? '' : ` On the held-out Reno ratios, over every repetition of every try: ${within.join('; ')}.`}${pooled.length === 0 ? '' : ` Read against the median of every repetition of every try (${pooled.map(({ x, all }) => `${at(x)}: ${s3(median(all))} s over ${all.length}`).join('; ')}) instead of the median of the try that stood, the term is off by ${pooled.map(({ x, error }) => `${signed(error)} at ${at(x)}`).join(', ')}: a median |error| of ${abs(median(pooled.map(({ error }) => Math.abs(error))))}.`}`,
    '',
    "Forms weighed, each fitted on Reno's calibration half alone with the same grid and error as the term (the tail forms apply the tail to the replay's ends: a flow whose path, as it ends, has a saturated link carrying more than n0 flows ends k × RTO_min later, k fitted from 1, 1.5, 2, 2.5 and 3: one timeout, up to a retransmission lost again and backed off; a last window moves no bytes worth counting). The form is chosen by calibration error alone; the held-out errors of every form are stated (CUBIC: every run held out):",
    '',
    `| form | fitted | calibration error | held-out Reno: ${FAMILIES.map((f) => FAMILY_SHORT[f]).join(' | ')} | CUBIC: (a) | (b) | ns-3: ${FAMILIES.map((f) => FAMILY_SHORT[f]).join(' | ')} |`,
    `|---|---|---:|${FAMILIES.map(() => '---:').join('|')}|---:|---:|${FAMILIES.map(() => '---:').join('|')}|`,
    ...file.forms.map(
      (f) =>
        `| ${FORM_TITLES[f.form]} | w = ${f.fitted.windowSegments}${f.form === 'recovery-tail' ? '' : `, R = ${f.fitted.roundBytes / 1024} KiB`}${f.fitted.tailRtos === undefined ? '' : `, k = ${f.fitted.tailRtos}`} | ${abs(f.calibrationError)} | ${FAMILIES.map((k) => abs(f.heldOut.linux[k]?.cost)).join(' | ')} | ${abs(f.heldOut.cubic?.['all-to-all']?.cost)} | ${abs(f.heldOut.cubic?.incast?.cost)} | ${FAMILIES.map((k) => abs(f.heldOut.ns3[k]?.cost)).join(' | ')} |`,
    ),
    `| exact model (no term) | — | — | ${FAMILIES.map((k) => abs(chosen.heldOut.linux[k]?.exact)).join(' | ')} | ${abs(chosen.heldOut.cubic?.['all-to-all']?.exact)} | ${abs(chosen.heldOut.cubic?.incast?.exact)} | ${FAMILIES.map((k) => abs(chosen.heldOut.ns3[k]?.exact)).join(' | ')} |`,
    '',
    `(a) all-to-all, (b) incast, (c) mice and elephants, (d) FB-2010 flows; held-out figures are the median |last-byte error| of the family's points, as above. Chosen: **${FORM_TITLES[chosen.form]}**, the lowest calibration error${chosen.form === 'derating' ? ': the term keeps its form and figures' : ''}. ${
      heldAllToAll.every((e) => e > 0.1)
        ? 'No form brings the held-out Reno all-to-all within 10 %.'
        : `Within 10 % on the held-out Reno all-to-all: ${file.forms
            .filter((f) => (f.heldOut.linux['all-to-all']?.cost ?? 1) <= 0.1)
            .map((f) => f.form)
            .join(', ')}.`
    }`,
    '',
  ];
}

/** One "In short" line: the all-to-all under the forms, from the forms' file. */
export function costFormsInShort(file: CostFormsFile | undefined, rtoMin: number): string[] {
  // The first round's held-out traces: the later rounds' are judged in lines of their own.
  const held =
    file?.timelines.filter(
      (x) => x.half === 'judge' && x.linux !== undefined && !TIMED_AFTER_FIRST_ROUND.has(x.scenario),
    ) ?? [];
  if (file === undefined || held.length === 0) return [];
  const at = namer(file.timelines);
  const chosen = [...file.forms].sort((a, b) => a.calibrationError - b.calibrationError)[0]!;
  const tails = held.map(
    (x) => `${((x.linux!.lastByte - x.linux!.medianFct) / rtoMin).toFixed(1)} at ${at(x)}`,
  );
  const others = file.forms
    .filter((f) => f !== chosen)
    .map((f) => `${f.form} ${abs(f.calibrationError)}`)
    .join(', ');
  const heldError = chosen.heldOut.linux['all-to-all']?.cost;
  const cubicError = chosen.heldOut.cubic?.['all-to-all']?.cost;
  const spreads = held.map((x) => {
    const [lo, hi] = everyTry(x.linux!);
    return `${((hi / lo - 1) * 100).toFixed(0)} % at ${at(x)}`;
  });
  return [
    `- **The all-to-all under the congestion-cost forms** (held out: ${held.map((x) => x.scenario).join(', ')}): Linux's median flow keeps pace with the fluid model and Reno's last byte comes ${tails.join(', ')} RTO_min later, a tail of recovery. The ${chosen.form} form fits the calibration half best (${abs(chosen.calibrationError)}; ${others}) and is off the held-out Reno all-to-all by ${abs(heldError)}${heldError !== undefined && heldError <= 0.1 ? ', within the 10 % target' : ', past the 10 % target'}${cubicError === undefined ? '' : `; off CUBIC's all-to-all (never fitted on) by ${abs(cubicError)}`}.${bySize(file.timelines, chosen, file.forms)} Reno's own last byte spans ${spreads.join(', ')} over every repetition of every try (greatest over least − 1), so the median of one try of three moves with which try stood.`,
  ];
}

/**
 * Where the all-to-alls come in more than one size: the seconds Reno's last byte comes after
 * the exact model's at each size (congested uplinks), and every form's held-out all-to-all
 * error against Reno and ns-3. Empty for one size.
 */
function bySize(timelines: readonly AllToAllTimeline[], chosen: FormFit, forms: readonly FormFit[]): string {
  const sizes = [...new Set(timelines.map((x) => x.bytesPerPair))].sort((a, b) => b - a);
  if (sizes.length < 2) return '';
  const late = sizes.map((size) => {
    const at = timelines.filter(
      (x) => x.bytesPerPair === size && x.oversubscription > 1 && x.linux !== undefined,
    );
    return `${s3(median(at.map((x) => x.linux!.lastByte - x.exact.lastByte)))} s at ${size / 1e6} MB per pair`;
  });
  const errors = forms.map(
    (f) =>
      `${f.form} ${abs(f.heldOut.linux['all-to-all']?.cost)} (ns-3 ${abs(f.heldOut.ns3['all-to-all']?.cost)})`,
  );
  const smallest = new Set(timelines.filter((x) => x.bytesPerPair === sizes.at(-1)).map((x) => x.scenario));
  const onSmallest = chosen.points
    .filter((p) => p.source === 'linux-reno' && p.half === 'judge' && smallest.has(p.scenario))
    .map((p) => p.error);
  const early =
    onSmallest.length === 0
      ? ''
      : `; the ${chosen.form} form${chosen.form === 'derating' ? ', which stretches every flow in proportion,' : ''} ends the ${sizes.at(-1)! / 1e6} MB shuffles ${signed(median(onSmallest))} against Reno (median)`;
  return ` Where the uplinks are congested Reno's last byte comes after the exact model's by a similar time whatever the shuffle's size (median ${late.join(', ')})${early}. Held out, all-to-all, against Reno (and ns-3): ${errors.join(', ')}; the ${chosen.form} form stays chosen, by calibration error alone.`;
}
