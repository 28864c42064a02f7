import type { FlowReplaySettings } from '@rackwise/flow-replay';
import { BETWEEN_SOLVES, CONGESTION_LOSSES } from '@rackwise/topology';

/** A named network setting of the engine, as `rackwise flows replay --network` takes it. */
export interface NamedNetworkSetting {
  readonly description: string;
  readonly settings: FlowReplaySettings;
}

/**
 * Every network setting the engine offers, by name (docs/network-validation.md judges
 * each against packet-level TCP). `day-long` is what the day-long presets (nas-sim) use.
 */
export const NETWORK_SETTINGS: Readonly<Record<string, NamedNetworkSetting>> = {
  exact: { description: 'exact max-min, per flow, every change solved (the test oracle)', settings: {} },
  bundled: {
    description: 'exact max-min over bundles of flows with the same path',
    settings: { flowModel: 'bundled' },
  },
  'day-long': {
    description:
      "the day-long presets' setting: solves at most every 10 ms, new flows take at once what the solved ones leave",
    settings: { resolveInterval: 0.01, betweenSolves: 'residual' },
  },
  'day-long-drift': {
    description:
      "as day-long, solving only once some link's shares have drifted by 5 % of its capacity (the drifted links' flows alone where they are few): 0.8–0.9 times its CPU, NAS's congested nodes +9 % on 2 hours",
    settings: { resolveInterval: 0.01, betweenSolves: 'residual', resolveTolerance: 0.05 },
  },
  'interval-share': {
    description:
      "solves at most every 20 ms, new flows take at once their likely share (the link's level at the last solve, scaled by its flows then over now; what the solved ones leave where more), links carrying more than they deliver until the next solve: 0.65–0.86 times day-long's CPU, within the exact model's spread on 15 minutes and 2 hours; on 4 hours Fair's throughput 1 % low (spread ±0.9 %) and one seed's mean job time +68 %, which reverses NAS ÷ Fair on that seed, where day-long stays within",
    settings: { resolveInterval: 0.02, betweenSolves: 'share' },
  },
  'interval-100ms': {
    description:
      "as day-long, every 100 ms: 2–3 times cheaper, but Delay's and NAS's ratios to Fair move past the exact model's spread",
    settings: { resolveInterval: 0.1, betweenSolves: 'residual' },
  },
  'interval-idle': {
    description: 'solves at most every 100 ms, new flows wait at rate 0 until the deferred solve',
    settings: { resolveInterval: 0.1, betweenSolves: 'idle' },
  },
  incast: {
    description: "exact, with the incast loss model: a link's goodput falls past its loss-free flow count",
    settings: { congestionLoss: 'incast' },
  },
  'congestion-cost': {
    description:
      "exact, with the congestion-cost term: a link's goodput falls by RTO stalls once its flows outnumber what its buffer holds (fitted to the Linux kernel's TCP)",
    settings: { congestionLoss: 'congestion-cost' },
  },
  'congestion-tail': {
    description:
      "exact, with the congestion-cost term as its second fit, and flows that end on a congested port reported one RTO_min late (the recovery tail the Linux kernel's all-to-alls show)",
    settings: { congestionLoss: 'congestion-tail' },
  },
  'rack-paths': {
    description: "exact, with the coarse fetchSource 'rack' paths: a fetch skips the source NIC",
    settings: { shufflePath: 'rack' },
  },
};

const NUMBER_KEYS = [
  'resolveInterval',
  'resolveTolerance',
  'linkGoodput',
  'startupLatency',
  'completionTolerance',
] as const;
const CHOICES: Readonly<Record<string, readonly string[]>> = {
  betweenSolves: BETWEEN_SOLVES,
  flowModel: ['per-flow', 'bundled'],
  congestionLoss: CONGESTION_LOSSES,
  shufflePath: ['node', 'rack'],
};
const INCAST_KEYS = [
  'bufferBytes',
  'mssBytes',
  'rtoMinSeconds',
  'rttSeconds',
  'roundBytes',
  'fastRetransmitWindow',
];
const COST_KEYS = [
  'bufferBytes',
  'mssBytes',
  'rtoMinSeconds',
  'rttSeconds',
  'windowSegments',
  'roundBytes',
  'initialWindowSegments',
  'tailRtos',
  'saturatedShare',
];

/**
 * A network setting from its name (`NETWORK_SETTINGS`), or a named one followed by
 * `key=value` changes, or `key=value` changes to the exact one:
 * `day-long`, `exact,linkGoodput=0.96`, `congestionLoss=incast,incast.rtoMinSeconds=0.001`,
 * `congestion-cost,cost.bufferBytes=32768`.
 * @throws Error naming an unknown setting, key or value.
 */
export function networkSetting(text: string): FlowReplaySettings {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  let settings: Record<string, unknown> = {};
  const incast: Record<string, number> = {};
  const cost: Record<string, number> = {};
  parts.forEach((part, i) => {
    const eq = part.indexOf('=');
    if (eq < 0) {
      const named = NETWORK_SETTINGS[part];
      if (i !== 0 || named === undefined) {
        throw new Error(
          `unknown network setting ${JSON.stringify(part)}; named settings (first): ${Object.keys(NETWORK_SETTINGS).join(', ')}`,
        );
      }
      settings = { ...named.settings };
      return;
    }
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    const group = key.startsWith('incast.')
      ? { keys: INCAST_KEYS, into: incast, name: key.slice(7) }
      : key.startsWith('cost.')
        ? { keys: COST_KEYS, into: cost, name: key.slice(5) }
        : undefined;
    if (group?.keys.includes(group.name)) {
      const n = Number(value);
      if (!(Number.isFinite(n) && n > 0))
        throw new Error(`${key} must be a positive number, got ${JSON.stringify(value)}`);
      group.into[group.name] = n;
    } else if ((NUMBER_KEYS as readonly string[]).includes(key)) {
      const n = Number(value);
      if (value === '' || !Number.isFinite(n))
        throw new Error(`${key} must be a number, got ${JSON.stringify(value)}`);
      settings[key] = n;
    } else if (CHOICES[key] !== undefined) {
      if (!CHOICES[key].includes(value)) {
        throw new Error(`${key} must be one of ${CHOICES[key].join(', ')}, got ${JSON.stringify(value)}`);
      }
      settings[key] = value;
    } else {
      throw new Error(
        `unknown network setting key ${JSON.stringify(key)}; keys: ${[...NUMBER_KEYS, ...Object.keys(CHOICES), ...INCAST_KEYS.map((k) => `incast.${k}`), ...COST_KEYS.map((k) => `cost.${k}`)].join(', ')}`,
      );
    }
  });
  if (Object.keys(incast).length > 0) settings.incast = incast;
  if (Object.keys(cost).length > 0) settings.congestionCost = cost;
  return settings as FlowReplaySettings;
}
