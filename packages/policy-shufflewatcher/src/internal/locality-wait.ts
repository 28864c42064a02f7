import type { Seconds } from '@rackwise/types';
import type { RelaxedLocalityConfig } from '../shufflewatcher-config.js';

/** How far a map may read its input: 0 node-local, 1 rack-local (or SAMP-preferred rack), 2 anywhere. */
export type LocalityLevel = 0 | 1 | 2;

interface WaitState {
  /** Level the group may launch at without waiting (its last map launch's level). */
  level: LocalityLevel;
  /** When the current wait started (time), undefined when not waiting. */
  since: Seconds | undefined;
  /** Offers passed over in the current wait (skips). */
  skips: number;
}

/**
 * Delay scheduling's locality wait, kept per service group (a user of the fairness order)
 * for ShuffleWatcher's SW-relaxed (§3.4, §5.2). As in Delay scheduling's algorithm with
 * rack locality: a group passed over waits; after `nodeLocalityWait` it may launch
 * rack-local maps, after `rackLocalityWait` more any map; launching a map sets the level
 * to that map's locality and ends the wait. Waiting beyond a step carries over to the next.
 */
export class LocalityWait {
  private readonly states = new Map<string, WaitState>();

  constructor(private readonly config: RelaxedLocalityConfig) {}

  /** The level the group may launch at now (advancing it when it waited long enough). */
  allowed(group: string, now: Seconds): LocalityLevel {
    const state = this.states.get(group);
    if (state === undefined) return 0;
    while (state.level < 2) {
      const step = state.level === 0 ? this.config.nodeLocalityWait : this.config.rackLocalityWait;
      if (this.config.by === 'time') {
        if (step > 0 && (state.since === undefined || now - state.since < step)) break;
        if (state.since !== undefined) state.since += step;
      } else {
        if (state.skips < step) break;
        state.skips -= step;
      }
      state.level = (state.level + 1) as LocalityLevel;
    }
    return state.level;
  }

  /** The group was passed over for want of a map local enough. */
  skipped(group: string, now: Seconds): void {
    const state = this.state(group);
    state.since ??= now;
    state.skips += 1;
  }

  /** The group launched a map of locality `level`. */
  launched(group: string, level: LocalityLevel): void {
    const state = this.state(group);
    state.level = level;
    state.since = undefined;
    state.skips = 0;
  }

  /** Offers the group was passed over in its current wait. */
  skipsOf(group: string): number {
    return this.states.get(group)?.skips ?? 0;
  }

  private state(group: string): WaitState {
    let state = this.states.get(group);
    if (state === undefined) {
      state = { level: 0, since: undefined, skips: 0 };
      this.states.set(group, state);
    }
    return state;
  }
}
