import { classifyShuffleBySize } from '@rackwise/predictor';
import { NAS_DEFAULTS, type NasConfig } from '../nas-config.js';

const KNOWN = new Set<string>(['userOrder', ...Object.keys(NAS_DEFAULTS)]);

const fail = (option: string, expected: string, got: unknown): never => {
  throw new Error(`createNasPolicy: option ${option} must be ${expected}, got ${describe(got)}`);
};

function describe(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'an array' : 'an object';
  return String(value);
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && !Number.isNaN(v);

function fraction(option: string, value: unknown, low: 'open' | 'closed'): number {
  if (!isNumber(value) || value > 1 || (low === 'open' ? value <= 0 : value < 0)) {
    fail(option, low === 'open' ? 'a number in (0, 1]' : 'a number in [0, 1]', value);
  }
  return value as number;
}

function count(option: string, value: unknown): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) fail(option, 'an integer >= 0', value);
  return value as number;
}

function measure(option: string, value: unknown, positive: boolean): number {
  if (!isNumber(value) || !Number.isFinite(value) || (positive ? value <= 0 : value < 0)) {
    fail(option, positive ? 'a finite number > 0' : 'a finite number >= 0', value);
  }
  return value as number;
}

function flag(option: string, value: unknown): boolean {
  if (typeof value !== 'boolean') fail(option, 'a boolean', value);
  return value as boolean;
}

/**
 * Merges a partial configuration over {@link NAS_DEFAULTS} and checks every option,
 * refusing unknown names. Throws an `Error` naming the option and what was expected.
 */
export function resolveNasConfig(config: Partial<NasConfig> | undefined): NasConfig {
  if (config !== undefined && (typeof config !== 'object' || config === null)) {
    fail('(config)', 'an object', config);
  }
  for (const key of Object.keys(config ?? {})) {
    if (!KNOWN.has(key)) {
      throw new Error(`createNasPolicy: unknown option ${key}; known options: ${[...KNOWN].join(', ')}`);
    }
  }
  const merged = { ...NAS_DEFAULTS, ...config };
  const order = merged.userOrder;
  if (typeof order !== 'object' || order === null || typeof order.order !== 'function') {
    fail('userOrder', 'a UserOrder (an object with an order(view, kind) method, e.g. Fair’s)', order);
  }
  if (typeof merged.name !== 'string' || merged.name === '') fail('name', 'a non-empty string', merged.name);
  const thresholds = merged.shuffleClassThresholds;
  try {
    classifyShuffleBySize(0, thresholds);
  } catch (error) {
    fail(
      'shuffleClassThresholds',
      `{ lightBelow, heavyAbove } in order (${(error as Error).message})`,
      thresholds,
    );
  }
  if (merged.mapPauseScope !== 'cluster' && merged.mapPauseScope !== 'rack') {
    fail('mapPauseScope', "'cluster' or 'rack'", merged.mapPauseScope);
  }
  if (!['non-light', 'predicted', 'before-slowstart'].includes(merged.mapPauseJobs)) {
    fail('mapPauseJobs', "'non-light', 'predicted' or 'before-slowstart'", merged.mapPauseJobs);
  }
  if (merged.skipCounterResets !== 'pseudocode' && merged.skipCounterResets !== 'prose') {
    fail('skipCounterResets', "'pseudocode' or 'prose'", merged.skipCounterResets);
  }
  return {
    ...merged,
    userOrder: order as NasConfig['userOrder'],
    congestionThreshold: fraction('congestionThreshold', merged.congestionThreshold, 'closed'),
    maxMapSkips: count('maxMapSkips', merged.maxMapSkips),
    maxReduceSkips: count('maxReduceSkips', merged.maxReduceSkips),
    maxWait: merged.maxWait === undefined ? undefined : measure('maxWait', merged.maxWait, false),
    smallInputBytes: measure('smallInputBytes', merged.smallInputBytes, false),
    trafficThreshold:
      merged.trafficThreshold === undefined
        ? undefined
        : measure('trafficThreshold', merged.trafficThreshold, false),
    trafficThresholdInterval: measure('trafficThresholdInterval', merged.trafficThresholdInterval, true),
    useTrafficThreshold: flag('useTrafficThreshold', merged.useTrafficThreshold),
    useCaRts: flag('useCaRts', merged.useCaRts),
    useCrRts: flag('useCrRts', merged.useCrRts),
    containerReduceShare: fraction('containerReduceShare', merged.containerReduceShare, 'open'),
  };
}
