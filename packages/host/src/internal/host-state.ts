import type { PreemptionRequest, SchedulerPolicy } from '@rackwise/types';
import type { HostView, UserRecord, ViewSource } from './host-view.js';
import type { JobRecord } from './job-record.js';
import type { NetworkSamples } from './network-samples.js';

/** The state behind a `ClusterState`; the event handlers change it. */
export interface HostState extends ViewSource {
  readonly view: HostView;
  readonly samples: NetworkSamples;
  readonly policies: SchedulerPolicy[];
  preemptions: readonly PreemptionRequest[];
  user(id: number): UserRecord;
  job(id: number): JobRecord | undefined;
}
