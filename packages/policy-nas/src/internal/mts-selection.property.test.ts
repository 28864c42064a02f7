import { fc, test } from '@fast-check/vitest';
import { mapCost, mapLocality } from '@rackwise/estimators';
import { classifyInput } from '@rackwise/predictor';
import { arbTopologySpec, createTestCluster } from '@rackwise/testkit';
import type { ClusterView, JobView, MapTaskView, NodeId } from '@rackwise/types';
import { expect, it } from 'vitest';
import { MIB } from '../../test/nas-scene.js';
import { cutMapGroups } from './map-groups.js';
import { MapInputRanges } from './map-input-range.js';
import { type MapRequest, leastOutput, localQualified, qualifiedByCategory } from './mts.js';

const SMALL_INPUT = 64 * MIB;
const INPUTS = [0, MIB, 64 * MIB, 100 * MIB, 128 * MIB];
const SPACES = [0, MIB, 50 * MIB, 64 * MIB, 100 * MIB, 128 * MIB, 1024 * MIB, Number.POSITIVE_INFINITY];

/**
 * Algorithm 2's choices by their definition: every candidate in the order the scan meets
 * them (jobs in order, each job's maps in its list's order), and the first one whose key
 * is least, comparing keys entry by entry.
 */
function firstLeast(
  jobs: readonly JobView[],
  mapsOf: (job: JobView) => readonly MapTaskView[],
  key: (job: JobView, map: MapTaskView) => readonly number[] | undefined,
): string | undefined {
  let best: { readonly map: MapTaskView; readonly key: readonly number[] } | undefined;
  for (const job of jobs) {
    for (const map of mapsOf(job)) {
      const k = key(job, map);
      if (k === undefined) continue;
      const i = best === undefined ? -1 : k.findIndex((x, j) => x !== best!.key[j]);
      if (best === undefined || (i >= 0 && k[i]! < best.key[i]!)) best = { map, key: k };
    }
  }
  return label(best?.map);
}

const label = (map: MapTaskView | undefined): string | undefined =>
  map === undefined ? undefined : `job ${map.job} map ${map.index}`;

const arbScene = arbTopologySpec({ maxRacks: 3, maxNodesPerRack: 3 }).chain((topology) => {
  const nodes = topology.racks * topology.nodesPerRack;
  const map = fc.record({
    replicas: fc.uniqueArray(fc.integer({ min: 0, max: nodes - 1 }), { maxLength: 3 }),
    inputBytes: fc.constantFrom(...INPUTS),
    /** Launched and completed before the choice (with its input as output), so not pending. */
    done: fc.boolean(),
  });
  const job = fc.record({
    maps: fc.array(map, { minLength: 1, maxLength: 8 }),
    declaredShuffleRatio: fc.constantFrom(undefined, 0, 0.3, 0.5, 1, 2),
  });
  return fc.record({
    topology: fc.constant(topology),
    jobs: fc.array(job, { minLength: 1, maxLength: 5 }),
    node: fc.nat(nodes - 1),
    space: fc.constantFrom(...SPACES),
  });
});

test.prop([arbScene], { numRuns: 400 })(
  'MTS picks by its bounds what a scan of every candidate picks (Algorithm 2 lines 3–16)',
  ({ topology, jobs, node, space }) => {
    const cluster = createTestCluster({
      topology,
      jobs: jobs.map(({ maps, declaredShuffleRatio }) => ({
        maps: maps.map(({ replicas, inputBytes }) => ({ replicas, inputBytes })),
        ...(declaredShuffleRatio === undefined ? {} : { declaredShuffleRatio }),
      })),
    });
    jobs.forEach((spec, j) => {
      spec.maps.forEach((m, i) => {
        if (!m.done) return;
        cluster.launch(cluster.mapOf(j, i), 0);
        cluster.completeMap(cluster.mapOf(j, i));
      });
    });
    const view: ClusterView = cluster.view;
    const active = jobs.map((_, j) => cluster.job(j)).filter((job) => job.pendingMaps().length > 0);
    const at = node as NodeId;
    const request: MapRequest = {
      view,
      node: at,
      kind: 'map',
      space,
      candidates: cutMapGroups([], false),
    };
    const output = (job: JobView, map: MapTaskView) => view.predictor.mapOutput(job, map);
    const locality = (map: MapTaskView) => mapLocality(map, at, view.topology);

    const local = localQualified(active, request, new MapInputRanges());
    const expectedLocal = firstLeast(
      active,
      (job) => job.pendingMapsOnNode(at),
      (job, map) =>
        output(job, map) > space
          ? undefined
          : [view.predictor.isPredicted(job) ? 1 : 0, space - output(job, map)],
    );
    expect(label(local?.map)).toBe(expectedLocal);
    // What a scan keeps for the node: the jobs with a pending map there, in order; a later
    // request there scans only those, to the same choice.
    const found: JobView[] = [];
    expect(label(localQualified(active, request, new MapInputRanges(), found)?.map)).toBe(expectedLocal);
    expect(found.map((job) => job.id)).toEqual(
      active.filter((job) => job.pendingMapsOnNode(at).length > 0).map((job) => job.id),
    );
    expect(label(localQualified(found, request, new MapInputRanges())?.map)).toBe(expectedLocal);
    if (local !== undefined) return;

    // MTS asks the rest only when no data-local map fits (the bounds rest on it).
    const qualified = qualifiedByCategory(active, request, SMALL_INPUT, new MapInputRanges());
    expect(label(qualified?.map)).toBe(
      firstLeast(
        active,
        (job) => job.pendingMaps(),
        (job, map) =>
          output(job, map) > space
            ? undefined
            : [
                (classifyInput(job.inputBytes, SMALL_INPUT) === 'small' ? 0 : 2) +
                  (view.predictor.isPredicted(job) ? 1 : 0),
                mapCost(locality(map), map.inputBytes),
                space - output(job, map),
              ],
      ),
    );
    const leastLocal = leastOutput(active, request, 'local', new MapInputRanges());
    expect(label(leastLocal?.map)).toBe(
      firstLeast(
        active,
        (job) => job.pendingMapsOnNode(at),
        (job, map) => [output(job, map)],
      ),
    );
    if (leastLocal !== undefined) return;
    const least = leastOutput(active, request, 'any', new MapInputRanges());
    expect(label(least?.map)).toBe(
      firstLeast(
        active,
        (job) => job.pendingMaps(),
        (job, map) => [output(job, map), mapCost(locality(map), map.inputBytes)],
      ),
    );
  },
);

it('passes over a job on its bounds only when none of its maps can win: an equal cost with a smaller gap still wins', () => {
  // Default test topology: node 1 shares node 0's rack. Both jobs small and predicted (one
  // category); each has one rack-local 64 MiB map, so their costs tie and the gap decides:
  // 100 − 0.5 × 64 = 68 MiB against 100 − 0.9 × 64 = 42.4 MiB.
  const cluster = createTestCluster({
    jobs: [
      { maps: [{ replicas: [1], inputBytes: 64 * MIB }], declaredShuffleRatio: 0.5 },
      { maps: [{ replicas: [1], inputBytes: 64 * MIB }], declaredShuffleRatio: 0.9 },
    ],
  });
  const request: MapRequest = {
    view: cluster.view,
    node: 0 as NodeId,
    kind: 'map',
    space: 100 * MIB,
    candidates: cutMapGroups([], false),
  };
  const jobs = [cluster.job(0), cluster.job(1)];
  expect(localQualified(jobs, request, new MapInputRanges())).toBeUndefined();
  expect(label(qualifiedByCategory(jobs, request, SMALL_INPUT, new MapInputRanges())?.map)).toBe(
    'job 1 map 0',
  );
});
