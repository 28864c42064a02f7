import type {
  ClusterView,
  Decision,
  JobView,
  PolicyContext,
  PolicyDefinition,
  SchedulerPolicy,
  SlotOffer,
} from '@rackwise/types';
import { TEMPLATE_DEFAULTS, type TemplateConfig } from './template-config.js';

function resolveConfig(config: Partial<TemplateConfig> | undefined): TemplateConfig {
  const merged = { ...TEMPLATE_DEFAULTS, ...config };
  for (const key of Object.keys(config ?? {})) {
    if (!(key in TEMPLATE_DEFAULTS)) {
      throw new Error(
        `template: unknown option ${JSON.stringify(key)}; known options: ${Object.keys(TEMPLATE_DEFAULTS).join(', ')}`,
      );
    }
  }
  if (typeof merged.name !== 'string' || merged.name === '') {
    throw new Error(`template: name must be a non-empty string, got ${String(merged.name)}`);
  }
  if (typeof merged.localityFirst !== 'boolean') {
    throw new Error(`template: localityFirst must be true or false, got ${String(merged.localityFirst)}`);
  }
  return merged;
}

/**
 * A minimal policy to copy: a free slot goes to a job drawn at random — among those with
 * a node-local map first, when `localityFirst` — using the host's seeded random source, so
 * runs replay exactly. Maps go before reduces, so reduces never fill the containers their
 * maps need; a reduce launches only past slowstart (`job.reducesReady`).
 *
 * Reason codes: `template/node-local`, `template/any`, `template/reduce`; passes
 * `template/no-pending`.
 */
export function createTemplatePolicy(
  config: Partial<TemplateConfig> | undefined,
  context: PolicyContext,
): SchedulerPolicy {
  const { name, localityFirst } = resolveConfig(config);
  const draw = <T>(items: readonly T[]): T => items[context.random.int(items.length)]!;
  return {
    specificationVersion: 'v1',
    name,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      const jobs = view.activeJobs();
      if (offer.kind !== 'reduce') {
        const local = localityFirst ? jobs.filter((j) => j.pendingMapsOnNode(offer.node).length > 0) : [];
        if (local.length > 0) {
          const job = draw(local);
          return {
            type: 'launch',
            task: job.pendingMapsOnNode(offer.node)[0]!,
            reason: 'template/node-local',
          };
        }
        const any = jobs.filter((j) => j.count('map', 'pending') > 0);
        if (any.length > 0)
          return { type: 'launch', task: draw(any).pendingMaps()[0]!, reason: 'template/any' };
      }
      if (offer.kind !== 'map') {
        const ready = jobs.filter((j: JobView) => j.reducesReady && j.waitingReduces().length > 0);
        if (ready.length > 0)
          return { type: 'launch', task: draw(ready).waitingReduces()[0]!, reason: 'template/reduce' };
      }
      return { type: 'pass', reason: 'template/no-pending' };
    },
  } satisfies SchedulerPolicy;
}

/** Registry entry: register it in `@rackwise/experiments`' `BUILTIN_POLICIES`. */
export const templatePolicy: PolicyDefinition<TemplateConfig> = Object.freeze({
  name: 'template',
  summary: 'random job order, node-local maps first (a template to copy)',
  defaults: TEMPLATE_DEFAULTS,
  create: createTemplatePolicy,
});
