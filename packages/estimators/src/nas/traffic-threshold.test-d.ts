import type { JobSpec } from '@rackwise/types';
import { describe, expectTypeOf, test } from 'vitest';
import type { TrafficThresholdJob } from './traffic-threshold.js';

describe('TrafficThresholdJob', () => {
  test('a workload job is one, so eq. 3 runs over a whole trace (the congested-node metric)', () => {
    expectTypeOf<JobSpec>().toMatchTypeOf<TrafficThresholdJob>();
  });
});
