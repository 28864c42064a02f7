import type { Fraction, Seconds, UserOrder } from '@rackwise/types';

/**
 * Where NetSat reads `NetworkSaturated` for an offer from a node (ShuffleWatcher §3.1, §4.2).
 * - `node`: the node's own cross-rack traffic against its share of the rack's cross-rack
 *   capacity — §3.1 word for word.
 * - `rack`: the traffic of all nodes of the offering node's rack against the rack's
 *   cross-rack capacity — the "per-rack link utilization" of §4.2 (400 of 500 Mbps).
 * - `cluster`: one flag for the whole cluster, raised when any rack is saturated.
 */
export type NetSatScope = 'node' | 'rack' | 'cluster';

/**
 * Relaxed locality, as Delay scheduling waits for it (ShuffleWatcher §3.4 and §5.2,
 * "SW-relaxed"): a user whose next map would read its input from too far is passed over
 * for this offer, and the next user in the fairness order is asked.
 */
export interface RelaxedLocalityConfig {
  /** Count the wait in simulated seconds (`time`) or in offers passed over (`skips`). */
  readonly by: 'time' | 'skips';
  /** Wait before a user may launch rack-local maps (and remote ones SAMP chose). */
  readonly nodeLocalityWait: number;
  /** Further wait before a user may launch any map. */
  readonly rackLocalityWait: number;
}

/** Configuration of {@link createShuffleWatcherPolicy}. Defaults: {@link SHUFFLEWATCHER_DEFAULTS}. */
export interface ShuffleWatcherConfig {
  /** Name the policy reports (`sw-fair`, `sw-drf` …). */
  readonly name: string;
  /**
   * The fairness policy that selects the user (Fig. 3, line 1): Fair's, DRF's, … Required;
   * it has no default.
   */
  readonly userOrder: UserOrder;
  /** `NWSaturationThreshold` (§3.1): saturated when cross-rack traffic / capacity exceeds it. §4.2: 0.8. */
  readonly nwSaturationThreshold: Fraction;
  /** Where NetSat looks; see {@link NetSatScope}. */
  readonly netSatScope: NetSatScope;
  /**
   * `MapCompletionThreshold` (§3.3, Fig. 6): fraction of a job's maps that must be complete
   * before SARP trusts the actual intermediate data. §4.2: 0.15. Not the host's slowstart.
   */
  readonly mapCompletionThreshold: Fraction;
  /** A job is shuffle-heavy when its `ShuffleInputRatio` exceeds this (§3.1: 1.0). */
  readonly shuffleHeavyRatio: number;
  /**
   * Starvation window in seconds (§3.4: 10 minutes): a user's jobs submitted in an earlier
   * window come before those of a later one, whatever NASS, SAMP and SARP prefer.
   * `Infinity` turns it off.
   */
  readonly starvationWindow: Seconds;
  /** Shuffle-aware map placement (§3.2, Fig. 4). */
  readonly samp: boolean;
  /** Shuffle-aware reduce placement (§3.3, Fig. 6). */
  readonly sarp: boolean;
  /** `false`: strict fairness (SW-fair, SW-DRF); otherwise SW-relaxed's locality waits. */
  readonly relaxedLocality: RelaxedLocalityConfig | false;
  /**
   * Containers only (not in the paper, which runs Hadoop 1's separate slots): a reduce of a
   * job with maps still to launch takes a container only while running reduces hold fewer
   * than `⌊reduceRampupLimit × containers⌋` of them — MapReduce's reduce ramp-up limit
   * (0.5, as `@rackwise/policy-fair` uses it), so reduces never take every container from
   * the maps they wait for. Unused with split slots.
   */
  readonly reduceRampupLimit: Fraction;
  /**
   * Split slots only: under saturation, a reduce slot is left idle
   * (`nass/saturated-reduce-delayed`) while the selected user has maps waiting. Hadoop 1.0's
   * Fair Scheduler hands a heartbeat one task (unless `assignmultiple` is set), so when
   * NASS picks a map (Fig. 3 lines 4–6) no reduce
   * starts on that heartbeat — §3.1's "delaying Reduce tasks"; with slots offered one by
   * one, this option carries that delay over. Off by default: the selected user then always
   * gets a task the offered slot runs, and NASS only orders reduces among themselves in
   * reduce slots.
   */
  readonly delayReducesInSplitSlots: boolean;
}

/** The configuration every field of which has a default: all but `userOrder`. */
export type ShuffleWatcherDefaults = Omit<ShuffleWatcherConfig, 'userOrder'>;

/** What {@link createShuffleWatcherPolicy} takes: any defaults overridden, and the `userOrder`. */
export type ShuffleWatcherOptions = Partial<ShuffleWatcherDefaults> & { readonly userOrder: UserOrder };

/**
 * Delay scheduling's waits as ShuffleWatcher's SW-relaxed uses them: "relaxed fairness
 * interval of five seconds, consistent with [39]" (§5.2) — five seconds for node locality,
 * five more for rack locality.
 */
export const SW_RELAXED_LOCALITY: RelaxedLocalityConfig = Object.freeze({
  by: 'time',
  nodeLocalityWait: 5,
  rackLocalityWait: 5,
});

/**
 * The paper's values (ShuffleWatcher §3.1, §3.4, §4.2): NWSaturationThreshold 80 %,
 * MapCompletionThreshold 15 %, shuffle-heavy above ratio 1.0, a 10-minute starvation
 * window, SAMP and SARP on, strict fairness; and, for containers only, MapReduce's reduce
 * ramp-up limit of 0.5.
 */
export const SHUFFLEWATCHER_DEFAULTS: ShuffleWatcherDefaults = Object.freeze({
  name: 'shufflewatcher',
  nwSaturationThreshold: 0.8,
  netSatScope: 'rack',
  mapCompletionThreshold: 0.15,
  shuffleHeavyRatio: 1,
  starvationWindow: 600,
  samp: true,
  sarp: true,
  relaxedLocality: false,
  reduceRampupLimit: 0.5,
  delayReducesInSplitSlots: false,
});

const SCOPES: readonly NetSatScope[] = ['node', 'rack', 'cluster'];

function fail(field: string, expected: string, got: unknown): never {
  throw new Error(`shufflewatcher: ${field} must be ${expected}, got ${describe(got)}`);
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'an array' : 'an object';
  return String(value);
}

function fraction(field: string, value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) fail(field, 'a number in [0, 1]', value);
  return value;
}

function nonNegative(field: string, value: unknown): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) fail(field, 'a number >= 0', value);
  return value;
}

function flag(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') fail(field, 'a boolean', value);
  return value;
}

function relaxed(value: unknown): RelaxedLocalityConfig | false {
  if (value === false) return false;
  if (typeof value !== 'object' || value === null) {
    fail('relaxedLocality', "false or { by: 'time' | 'skips', nodeLocalityWait, rackLocalityWait }", value);
  }
  const config = value as Partial<RelaxedLocalityConfig>;
  if (config.by !== 'time' && config.by !== 'skips')
    fail('relaxedLocality.by', "'time' or 'skips'", config.by);
  const wait = (field: 'nodeLocalityWait' | 'rackLocalityWait'): number => {
    const v = config[field];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
      fail(`relaxedLocality.${field}`, 'a finite number >= 0', v);
    if (config.by === 'skips' && !Number.isInteger(v))
      fail(`relaxedLocality.${field}`, 'an integer (skips)', v);
    return v;
  };
  return Object.freeze({
    by: config.by,
    nodeLocalityWait: wait('nodeLocalityWait'),
    rackLocalityWait: wait('rackLocalityWait'),
  });
}

/**
 * Merges `options` over {@link SHUFFLEWATCHER_DEFAULTS} and checks every field, before
 * anything runs.
 * @throws Error naming the option and what was expected.
 */
export function resolveShuffleWatcherConfig(
  options: Partial<ShuffleWatcherConfig> | undefined,
): ShuffleWatcherConfig {
  if (options === undefined || options === null || typeof options !== 'object') {
    fail('config', 'an object with at least a userOrder', options);
  }
  const merged = { ...SHUFFLEWATCHER_DEFAULTS, ...options };
  const order = merged.userOrder as unknown;
  if (typeof order !== 'object' || order === null || typeof (order as UserOrder).order !== 'function') {
    fail('userOrder', "a UserOrder (an object with order(view, kind)), e.g. Fair's or DRF's", order);
  }
  if (typeof merged.name !== 'string' || merged.name === '') fail('name', 'a non-empty string', merged.name);
  if (!SCOPES.includes(merged.netSatScope))
    fail('netSatScope', `one of ${SCOPES.join(', ')}`, merged.netSatScope);
  const window = nonNegative('starvationWindow', merged.starvationWindow);
  if (window === 0) fail('starvationWindow', 'a number of seconds > 0 (Infinity turns it off)', window);
  return Object.freeze({
    name: merged.name,
    userOrder: order as UserOrder,
    nwSaturationThreshold: fraction('nwSaturationThreshold', merged.nwSaturationThreshold),
    netSatScope: merged.netSatScope,
    mapCompletionThreshold: fraction('mapCompletionThreshold', merged.mapCompletionThreshold),
    shuffleHeavyRatio: nonNegative('shuffleHeavyRatio', merged.shuffleHeavyRatio),
    starvationWindow: window,
    samp: flag('samp', merged.samp),
    sarp: flag('sarp', merged.sarp),
    relaxedLocality: relaxed(merged.relaxedLocality),
    reduceRampupLimit: fraction('reduceRampupLimit', merged.reduceRampupLimit),
    delayReducesInSplitSlots: flag('delayReducesInSplitSlots', merged.delayReducesInSplitSlots),
  });
}
