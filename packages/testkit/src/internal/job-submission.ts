import type { JobSubmission } from '@rackwise/host';
import type { Bytes, NodeId, ResourceVector, Seconds } from '@rackwise/types';
import { describeValue, requireInteger, requireNonNegative } from './validate.js';

/** What a test job spec may hold (`TestJobSpec`), read here field by field. */
export interface JobSpecFields {
  readonly user?: number;
  readonly queue?: string;
  readonly submitTime?: Seconds;
  readonly maps?: number | readonly { readonly replicas: readonly number[]; readonly inputBytes?: Bytes }[];
  readonly reduces?: number;
  readonly signature?: string;
  readonly declaredShuffleRatio?: number;
  readonly mapDemand?: ResourceVector;
  readonly reduceDemand?: ResourceVector;
}

/** The defaults a test job takes where its spec is silent. */
export interface JobDefaults {
  readonly blockBytes: Bytes;
  readonly demand: ResourceVector;
}

/**
 * The host's submission of test job `id`, its spec checked with errors that name the job
 * and the field (`job 2.maps[0].replicas …`).
 */
export function toJobSubmission(
  spec: JobSpecFields,
  id: number,
  now: Seconds,
  nodeCount: number,
  defaults: JobDefaults,
): JobSubmission {
  const field = `job ${id}`;
  if (typeof spec !== 'object' || spec === null) {
    throw new Error(`${field} must be an object, got ${describeValue(spec)}`);
  }
  const queue = spec.queue ?? 'default';
  if (typeof queue !== 'string' || queue === '') {
    throw new Error(`${field}.queue must be a non-empty string, got ${describeValue(queue)}`);
  }
  const ratio = spec.declaredShuffleRatio;
  return {
    id,
    user: requireInteger(`${field}.user`, spec.user ?? 0, 0),
    queue,
    submitTime: requireNonNegative(`${field}.submitTime`, spec.submitTime ?? now),
    maps: mapsOf(spec, field, nodeCount, defaults.blockBytes),
    reduces: requireInteger(`${field}.reduces`, spec.reduces ?? 0, 0),
    ...(spec.signature === undefined ? {} : { signature: spec.signature }),
    ...(ratio === undefined
      ? {}
      : { declaredShuffleRatio: requireNonNegative(`${field}.declaredShuffleRatio`, ratio) }),
    mapDemand: spec.mapDemand ?? defaults.demand,
    reduceDemand: spec.reduceDemand ?? defaults.demand,
  };
}

/** A count (map i on node `i mod nodeCount`, one block each) or one entry a map. */
function mapsOf(
  spec: JobSpecFields,
  field: string,
  nodeCount: number,
  blockBytes: Bytes,
): JobSubmission['maps'] {
  const maps = spec.maps ?? 1;
  if (typeof maps === 'number') {
    return Array.from({ length: requireInteger(`${field}.maps`, maps, 1) }, (_, i) => ({
      inputBytes: blockBytes,
      replicas: [(i % nodeCount) as NodeId],
    }));
  }
  if (maps.length === 0) throw new Error(`${field}.maps must list at least one map`);
  return maps.map((m, i) => {
    const replicas = m.replicas.map((n) => {
      if (!(Number.isInteger(n) && n >= 0 && n < nodeCount)) {
        throw new Error(
          `${field}.maps[${i}].replicas must hold nodes in [0, ${nodeCount}), got ${describeValue(n)}`,
        );
      }
      return n as NodeId;
    });
    if (new Set(replicas).size !== replicas.length) {
      throw new Error(
        `${field}.maps[${i}].replicas must not repeat a node, got ${describeValue(m.replicas)}`,
      );
    }
    return {
      inputBytes: requireNonNegative(`${field}.maps[${i}].inputBytes`, m.inputBytes ?? blockBytes),
      replicas,
    };
  });
}
