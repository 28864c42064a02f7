import { buildTopology } from '@rackwise/topology';
import type { JobSpec, UserId } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { placementFor, workload } from '../test/workload-builders.js';
import { simulate } from './simulation.js';
import { standaloneExecutionTimes, standaloneKey } from './standalone-runs.js';

const MIB = 1024 * 1024;

function job(name: string, submitTime: number, maps: number): JobSpec {
  return {
    name,
    user: 0 as UserId,
    queue: 'default',
    submitTime,
    inputBytes: maps * 64 * MIB,
    shuffleBytes: maps * 16 * MIB,
    outputBytes: maps * MIB,
    mapCount: maps,
    reduceCount: 2,
    blockBytes: 64 * MIB,
  };
}

describe('stand-alone execution times', () => {
  it('runs each distinct job once, alone, and is never longer than the job under contention', () => {
    const topology = buildTopology({
      racks: 1,
      nodesPerRack: 2,
      slots: { model: 'split', mapSlots: 2, reduceSlots: 1 },
      nicCapacity: 1e9,
    });
    const jobs = [job('big-0', 0, 12), job('small-0', 1, 2), job('small-1', 2, 2)];
    const config = {
      topology,
      workload: workload(jobs, placementFor(topology)),
      seed: 3,
      policy: () => fifoTestPolicy(),
    };
    const times = standaloneExecutionTimes(config);
    expect([...times.keys()]).toEqual([standaloneKey(jobs[0]!), standaloneKey(jobs[1]!)]);
    const shared = simulate(config);
    for (const record of shared.jobs) {
      const alone = times.get(standaloneKey(jobs[record.id]!))!;
      expect(alone).toBeGreaterThan(0);
      expect(record.executionTime).toBeGreaterThanOrEqual(alone - 1e-6);
    }
  });
});
