/**
 * The third round of the congestion-cost forms (`congestion-cost-forms.json`,
 * `thirdRound`): every model's last byte on traces of the other three families, kept
 * before they were timed, judged family by family. A part of the kernel section of
 * docs/network-validation.md.
 */
import type { KernelResults } from './collect.js';
import {
  type ThirdRoundFile,
  type ThirdRoundModel,
  type ThirdRoundSource,
  medianAbsError,
  thirdRoundErrors,
} from './third-round.js';

const MODELS: readonly ThirdRoundModel[] = [
  'exact',
  'congestion-cost',
  'derating',
  'recovery-tail',
  'derating+recovery-tail',
  'congestion-tail',
];

const MODEL_NAMES: Readonly<Record<ThirdRoundModel, string>> = {
  exact: 'exact model',
  'congestion-cost': 'the term (`congestion-cost`, first round)',
  derating: 'derating (second round)',
  'recovery-tail': 'recovery tail (second round)',
  'derating+recovery-tail': 'derating and recovery tail (second round, chosen)',
  'congestion-tail': 'the engine’s `congestion-tail` reading',
};

const FAMILIES = [
  ['incast', '(b) incast'],
  ['mixed', '(c) mice and elephants'],
  ['fb2010', '(d) FB-2010 flows'],
] as const;

const SOURCES: readonly [ThirdRoundSource, string][] = [
  ['linux-reno', 'Reno'],
  ['ns-3', 'ns-3'],
];

const pct = (x: number | undefined): string => (x === undefined ? '—' : `${(x * 100).toFixed(1)} %`);
const signed = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)} %`;
const s3 = (x: number): string => x.toFixed(3);

/** Median |error| of a model in a family against a source, with its number of points. */
function familyError(
  round: ThirdRoundFile,
  results: KernelResults,
  source: ThirdRoundSource,
  model: ThirdRoundModel,
  family: string,
): { error: number | undefined; points: number } {
  const errors = thirdRoundErrors(round, results, source, model).get(family as never) ?? [];
  return { error: medianAbsError(errors), points: errors.length };
}

/** Below this difference (0.05 points) two median errors read the same. */
const SAME = 5e-4;

/** Families where a model's held-out error against Reno is not below the exact model's: equal, or above. */
function notLowered(round: ThirdRoundFile, results: KernelResults, model: ThirdRoundModel): string[] {
  return FAMILIES.flatMap(([family, title]) => {
    const m = familyError(round, results, 'linux-reno', model, family).error;
    const exact = familyError(round, results, 'linux-reno', 'exact', family).error;
    if (m === undefined || exact === undefined || m < exact - SAME) return [];
    return [`${title} (${Math.abs(m - exact) <= SAME ? 'the same' : 'higher'}: ${pct(exact)} → ${pct(m)})`];
  });
}

/** One "In short" line, or nothing before a third-round trace has been timed. */
export function thirdRoundInShort(round: ThirdRoundFile | undefined, results: KernelResults): string[] {
  if (round === undefined) return [];
  const timed = (model: ThirdRoundModel, source: ThirdRoundSource) =>
    FAMILIES.flatMap(([family, title]) => {
      const f = familyError(round, results, source, model, family);
      const exact = familyError(round, results, source, 'exact', family);
      return f.error === undefined
        ? []
        : [`${title} ${pct(exact.error)} → ${pct(f.error)} (${f.points} trace${f.points === 1 ? '' : 's'})`];
    });
  const reno = timed('derating+recovery-tail', 'linux-reno');
  if (reno.length === 0) return [];
  const worse = notLowered(round, results, 'congestion-tail');
  return [
    `- **The congestion-cost forms, third round** (no fit; every model's last byte kept before ${round.heldOut.length} traces of incast, mice and elephants and FB-2010 flows were timed; errors read from each trace's first flow): held-out median |last-byte error|, exact → the second round's chosen form, against Reno: ${reno.join(', ')}; against ns-3: ${timed('derating+recovery-tail', 'ns-3').join(', ')}. The engine's \`congestion-tail\` reading ${worse.length === 0 ? 'lowers the error against Reno in every family timed' : `does not lower the error against Reno in ${worse.join(', ')}`}, so it stays a named reading.`,
  ];
}

/** The subsection, or nothing where the forms' file has no third round. */
export function renderThirdRound(round: ThirdRoundFile | undefined, results: KernelResults): string[] {
  if (round === undefined) return [];
  const header = SOURCES.flatMap(([, name]) => FAMILIES.map(([, title]) => `${title}: ${name}`));
  const rows = MODELS.map((model) => {
    const cells = SOURCES.flatMap(([source]) =>
      FAMILIES.map(([family]) => {
        const f = familyError(round, results, source, model, family);
        return f.points === 0 ? '—' : `${pct(f.error)} (${f.points})`;
      }),
    );
    return `| ${MODEL_NAMES[model]} | ${cells.join(' | ')} |`;
  });
  const refused = round.predictions.flatMap((p) => {
    const s = results.scenarios.find((r) => r.name === p.scenario);
    const f = s?.linux['linux-reno'];
    return f !== undefined && 'refused' in f ? [`${p.scenario} (${f.refused})`] : [];
  });
  const traces = round.predictions.map((p) => {
    const s = results.scenarios.find((r) => r.name === p.scenario);
    const f = s?.linux['linux-reno'];
    const reno = f === undefined || 'refused' in f ? undefined : f.lastByte;
    const from = (x: number): number => x - p.origin;
    const predicted = (model: ThirdRoundModel): string => {
      const x = p.lastBytes[model];
      if (x === undefined) return '—';
      return `${s3(from(x))}${reno === undefined ? '' : ` (${signed(from(x) / from(reno.median) - 1)})`}`;
    };
    const renoCell =
      f === undefined
        ? 'not timed'
        : 'refused' in f
          ? 'refused'
          : `${s3(from(f.lastByte.median))} (${s3(from(f.lastByte.min))}–${s3(from(f.lastByte.max))})`;
    const ns3 = s?.ns3 === undefined ? 'not timed' : s3(from(s.ns3.lastByte));
    return `| ${p.scenario} | ${renoCell} | ${ns3} | ${MODELS.map(predicted).join(' | ')} |`;
  });
  const worse = notLowered(round, results, 'derating+recovery-tail');
  const anyTimed = thirdRoundErrors(round, results, 'linux-reno', 'exact').size > 0;
  return [
    '#### The third round: every family, on traces timed after the second round',
    '',
    `The second round fitted its forms on every family but judged them on all-to-alls alone. The third round fits nothing: on ${round.heldOut.length} traces of the other three families that no round had seen (${round.heldOut.join(', ')}), the exact model's, the term's, each second-round form's (as fitted) and the engine's \`congestion-tail\` reading's last byte were kept before the fabric and ns-3 timed them (\`thirdRound.predictions\` in \`validation/kernel/congestion-cost-forms.json\`; the commit that added them precedes the timings). Every error here is read from the trace's first flow: a cut of a recorded FB-2010 run starts 120 s into its trace, and the earlier rounds, which read the last byte from the trace's time 0, put family (d)'s errors near 0.1 % by construction, so (d) weighed almost nothing in their fits.`,
    '',
    'Median |last-byte error| per family (points in brackets):',
    '',
    `| model | ${header.join(' | ')} |`,
    `|---|${header.map(() => '---:').join('|')}|`,
    ...rows,
    '',
    `Each trace's last byte, seconds after its first flow (Reno: median over repetitions, range in brackets), and each model's, with its error against Reno:`,
    '',
    `| trace | Reno | ns-3 | ${MODELS.map((m) => MODEL_NAMES[m]).join(' | ')} |`,
    `|---|---:|---:|${MODELS.map(() => '---:').join('|')}|`,
    ...traces,
    '',
    `${!anyTimed ? 'None of its traces has been timed yet.' : worse.length === 0 ? 'The second round’s chosen form lowers the held-out error against Reno in every family timed here.' : `The second round’s chosen form does not lower the held-out error against Reno in ${worse.join(', ')}.`}${refused.length === 0 ? '' : ` Refused under Reno: ${refused.join('; ')}.`} With the all-to-all of the second round, the verdict on the default is the one stated above: a form becomes the default only if it lowers the held-out error against Linux in every family.`,
    '',
  ];
}
