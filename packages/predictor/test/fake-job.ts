import type { JobId, JobView, MapTaskView } from '@rackwise/types';

/** What a fake job is made of: its maps (input, and output once completed) and declarations. */
export interface FakeJobSpec {
  readonly maps: readonly { readonly inputBytes: number; readonly outputBytes?: number }[];
  readonly declaredShuffleRatio?: number;
  readonly signature?: string;
}

/**
 * A tiny `JobView` for tests: only the fields a shuffle predictor may read exist; reading
 * anything else throws, so a test fails if the predictor reaches further than it should.
 * A map with `outputBytes` counts as completed.
 */
export function fakeJob(spec: FakeJobSpec): JobView {
  const completed = spec.maps.filter((m) => m.outputBytes !== undefined);
  const fields: Record<string, unknown> = {
    id: 7 as JobId,
    inputBytes: spec.maps.reduce((sum, m) => sum + m.inputBytes, 0),
    mapCount: spec.maps.length,
    declaredShuffleRatio: spec.declaredShuffleRatio,
    signature: spec.signature,
    completedMapInputBytes: completed.reduce((sum, m) => sum + m.inputBytes, 0),
    completedMapOutputBytes: completed.reduce((sum, m) => sum + (m.outputBytes ?? 0), 0),
  };
  return new Proxy(fields, {
    get(target, key) {
      if (typeof key === 'string' && key in target) return target[key];
      throw new Error(`fakeJob: the predictor read JobView.${String(key)}`);
    },
  }) as unknown as JobView;
}

/** A map view with only `inputBytes` (all the predictor's `mapOutput` may read). */
export function fakeMap(inputBytes: number): MapTaskView {
  return { kind: 'map', inputBytes } as MapTaskView;
}
