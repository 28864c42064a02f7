/**
 * The second round of the congestion-cost forms (`congestion-cost-forms.json`,
 * `secondRound`): fitted on every Reno point the first round saw, each form's last byte on
 * new traces kept before they were timed, and judged on those traces alone. A part of the
 * kernel section of docs/network-validation.md.
 */
import type { KernelResults } from './collect.js';
import type { CostForm, SecondRoundFile } from './congestion-cost-forms.js';
import { median } from './harness.js';

const FORM_NAMES: Readonly<Record<CostForm, string>> = {
  derating: 'derating',
  'recovery-tail': 'recovery tail',
  'derating+recovery-tail': 'derating and recovery tail',
};

const s3 = (x: number): string => x.toFixed(3);
const abs = (x: number | undefined): string => (x === undefined ? '—' : `${(x * 100).toFixed(1)} %`);
const signed = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)} %`;

/** A held-out trace's references: Reno's and CUBIC's medians and ranges, ns-3's last byte. */
type Timing = { median: number; min: number; max: number } | { refused: string } | undefined;

interface References {
  readonly reno: Timing;
  readonly cubic: Timing;
  readonly ns3: number | undefined;
}

function referencesOf(results: KernelResults, scenario: string): References {
  const s = results.scenarios.find((r) => r.name === scenario);
  if (s === undefined) return { reno: undefined, cubic: undefined, ns3: undefined };
  const linux = (name: string): Timing => {
    const f = s.linux[name];
    if (f === undefined) return undefined;
    return 'refused' in f ? { refused: f.refused } : f.lastByte;
  };
  return { reno: linux('linux-reno'), cubic: linux('linux-cubic'), ns3: s.ns3?.lastByte };
}

const cell = (x: Timing): string =>
  x === undefined ? 'not timed' : 'refused' in x ? 'refused' : `${s3(x.median)} (${s3(x.min)}–${s3(x.max)})`;

const timedMedian = (x: Timing): number | undefined =>
  x === undefined || 'refused' in x ? undefined : x.median;

/** The round's held-out traces with their references, and each form's errors against a source. */
function judged(round: SecondRoundFile, results: KernelResults) {
  const rows = round.predictions.map((p) => ({ ...p, refs: referencesOf(results, p.scenario) }));
  const reference = (r: (typeof rows)[number], source: 'reno' | 'cubic' | 'ns3'): number | undefined =>
    source === 'ns3' ? r.refs.ns3 : timedMedian(r.refs[source]);
  const errorsOf = (form: CostForm | 'exact', source: 'reno' | 'cubic' | 'ns3'): number[] =>
    rows.flatMap((r) => {
      const x = reference(r, source);
      const predicted = form === 'exact' ? r.exact : r.forms[form];
      return x === undefined || predicted === undefined ? [] : [predicted / x - 1];
    });
  const chosen = [...round.forms].sort((a, b) => a.calibrationError - b.calibrationError)[0]!;
  return { rows, errorsOf, chosen };
}

const medianAbs = (errors: number[]): number | undefined =>
  errors.length === 0 ? undefined : median(errors.map(Math.abs));

/** One "In short" line on the second round, or nothing before it has a timed trace. */
export function secondRoundInShort(round: SecondRoundFile | undefined, results: KernelResults): string[] {
  if (round === undefined) return [];
  const { errorsOf, chosen } = judged(round, results);
  const reno = errorsOf(chosen.form, 'reno');
  if (reno.length === 0) return [];
  const held = medianAbs(reno)!;
  return [
    `- **The congestion-cost forms, second round** (fitted on every Reno point timed before; each form's last byte kept before ${reno.length} new all-to-all${reno.length === 1 ? ' was' : 's were'} timed): the ${FORM_NAMES[chosen.form]} form fits best (${abs(chosen.calibrationError)}) and is off the new Reno all-to-alls by ${abs(held)} (median |last-byte error|; exact model ${abs(medianAbs(errorsOf('exact', 'reno')))}), ${held <= 0.1 ? 'within' : 'past'} the 10 % target; CUBIC ${abs(medianAbs(errorsOf(chosen.form, 'cubic')))}, ns-3 ${abs(medianAbs(errorsOf(chosen.form, 'ns3')))}.`,
  ];
}

/** The subsection, or nothing where the forms' file has no second round. */
export function renderSecondRound(round: SecondRoundFile | undefined, results: KernelResults): string[] {
  if (round === undefined) return [];
  const { rows, errorsOf, chosen } = judged(round, results);
  const forms = round.forms.map((f) => f.form);
  const timedReno = errorsOf(chosen.form, 'reno');
  const verdict =
    timedReno.length === 0
      ? 'None of its traces has been timed under Reno yet.'
      : `Against Reno on the ${timedReno.length} held-out trace${timedReno.length === 1 ? '' : 's'} timed, the chosen form's median |last-byte error| is ${abs(medianAbs(timedReno))}: ${medianAbs(timedReno)! <= 0.1 ? 'within' : 'past'} the 10 % target (each form: ${forms.map((f) => `${FORM_NAMES[f]} ${abs(medianAbs(errorsOf(f, 'reno')))}`).join(', ')}; exact model ${abs(medianAbs(errorsOf('exact', 'reno')))}).`;
  return [
    '#### The second round: fitted on everything timed before, judged on traces timed after',
    '',
    `The first round's held-out all-to-alls showed what its forms missed, so judging them again on those would judge a form on what chose it. In the second round every form is fitted on every Reno point the first round saw (${round.calibrate.length} scenarios, fitted on or held out there), with k from ${round.tails[0]} to ${round.tails.at(-1)} RTO_min in quarters, and each form's last byte on ${round.heldOut.length} traces none of them had seen (${round.heldOut.join(', ')}) was kept with the fits before the fabric timed those traces (\`secondRound.predictions\` in \`validation/kernel/congestion-cost-forms.json\`; the commit that added them precedes the timings in the history). The form is chosen by calibration error alone, as in the first round; the traces judge it, under Reno, CUBIC and ns-3.`,
    '',
    '| form | fitted | calibration error | held-out all-to-all: Reno | CUBIC | ns-3 |',
    '|---|---|---:|---:|---:|---:|',
    ...round.forms.map(
      (f) =>
        `| ${FORM_NAMES[f.form]}${f === chosen ? ' (chosen)' : ''} | w = ${f.fitted.windowSegments}${f.form === 'recovery-tail' ? '' : `, R = ${f.fitted.roundBytes / 1024} KiB`}${f.fitted.tailRtos === undefined ? '' : `, k = ${f.fitted.tailRtos}`} | ${abs(f.calibrationError)} | ${abs(medianAbs(errorsOf(f.form, 'reno')))} | ${abs(medianAbs(errorsOf(f.form, 'cubic')))} | ${abs(medianAbs(errorsOf(f.form, 'ns3')))} |`,
    ),
    '',
    `Each trace's last byte (trace seconds; Linux: median over repetitions, range in brackets) and each form's prediction, with its error against Reno:`,
    '',
    `| trace | Reno | CUBIC | ns-3 | exact | ${forms.map((f) => FORM_NAMES[f]).join(' | ')} |`,
    `|---|---:|---:|---:|---:|${forms.map(() => '---:').join('|')}|`,
    ...rows.map((r) => {
      const reno = timedMedian(r.refs.reno);
      const predicted = (x: number | undefined): string =>
        x === undefined ? '—' : `${s3(x)}${reno === undefined ? '' : ` (${signed(x / reno - 1)})`}`;
      return `| ${r.scenario} | ${cell(r.refs.reno)} | ${cell(r.refs.cubic)} | ${r.refs.ns3 === undefined ? 'not timed' : s3(r.refs.ns3)} | ${predicted(r.exact)} | ${forms.map((f) => predicted(r.forms[f])).join(' | ')} |`;
    }),
    '',
    `Chosen by calibration error: **${FORM_NAMES[chosen.form]}**. ${verdict}`,
    '',
    ...engineReadingLines(round, results),
  ];
}

/**
 * The engine's `congestion-tail` reading beside the chosen form: where they part (the
 * engine reads a link's saturation from its load at the instant a flow ends, the form
 * from the 5 ms before) and its own error against Reno on the held-out traces.
 */
function engineReadingLines(round: SecondRoundFile, results: KernelResults): string[] {
  if (round.engineReading === undefined) return [];
  const { chosen } = judged(round, results);
  const reno = (scenario: string): number | undefined => timedMedian(referencesOf(results, scenario).reno);
  const formOf = (scenario: string): number | undefined => {
    const predicted = round.predictions.find((p) => p.scenario === scenario)?.forms[chosen.form];
    if (predicted !== undefined) return predicted;
    const point = chosen.points.find((p) => p.scenario === scenario && p.source === 'linux-reno');
    const x = reno(scenario);
    return point === undefined || x === undefined ? undefined : x * (1 + point.error);
  };
  const apart = round.engineReading.flatMap((e) => {
    const form = formOf(e.scenario);
    return form === undefined || Math.abs(e.lastByte / form - 1) <= 0.01 ? [] : [{ ...e, form }];
  });
  const held = round.engineReading.flatMap((e) => {
    const x = reno(e.scenario);
    return round.heldOut.includes(e.scenario) && x !== undefined ? [e.lastByte / x - 1] : [];
  });
  return [
    `The engine's \`congestion-tail\` reading runs this form with the round's figures; it reads a link's saturation from its load at the instant a flow ends, where the form reads the 5 ms before. ${held.length === 0 ? '' : `On the held-out traces its median |last-byte error| against Reno is ${abs(medianAbs(held))}. `}${apart.length === 0 ? 'On every all-to-all its last byte is the form’s within 1 %.' : `It parts from the form by more than 1 % on ${apart.map((a) => `${a.scenario} (${s3(a.lastByte)} s against ${s3(a.form)} s${reno(a.scenario) === undefined ? '' : `; Reno ${s3(reno(a.scenario)!)} s`})`).join(', ')}: there a flow or two end while a rack link is past its window count and, at that instant, saturated, and wait one RTO_min; on every other all-to-all it is the form’s within 1 %.`}`,
    '',
  ];
}
