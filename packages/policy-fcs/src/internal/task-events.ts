import type { ClusterView, JobView, TaskEvent } from '@rackwise/types';
import type { FcsPreemptionRequest } from '../fcs-evidence.js';
import type { FcsState } from './fcs-state.js';
import { selectPreemptions } from './select-preemptions.js';

/** A task started: its job's standing, and a map's start or a reduce's launch record. */
export function taskStarted(state: FcsState, event: TaskEvent, view: ClusterView): void {
  const job = view.job(event.task.job);
  state.reduceJobs.touched(job, view);
  if (event.task.kind === 'map') state.estimates.mapStarted(job, view.now);
  else state.records.started(job.id, event.task.index, view.now);
}

/** A task completed: a map's duration feeds the estimates; a reduce's record closes. */
export function taskCompleted(state: FcsState, event: TaskEvent, view: ClusterView): void {
  const job = view.job(event.task.job);
  state.reduceJobs.touched(job, view);
  if (event.task.kind === 'map') {
    state.estimates.mapCompleted(job, job.map(event.task.index).startTime, view.now);
  } else {
    state.records.completed(job.id, event.task.index);
    state.estimates.invalidate(job.id);
  }
}

/** A job completed: everything FCS kept of it goes. */
export function jobCompleted(state: FcsState, job: JobView, view: ClusterView): void {
  state.reduceJobs.touched(job, view, true);
  state.estimates.jobCompleted(job.id);
  state.records.jobCompleted(job.id);
}

/** Algorithm 1 on a tick: the preemptions to ask for, recorded as asked. */
export function preemptOnTick(state: FcsState, view: ClusterView): readonly FcsPreemptionRequest[] {
  const { config, estimates, records, withEvidence } = state;
  const requests = selectPreemptions(
    view,
    state.reduceJobs.withReduces(view),
    config,
    estimates,
    records,
    withEvidence,
  );
  for (const request of requests) {
    records.preempted(request.task.job, request.task.index, view.now);
    estimates.invalidate(request.task.job);
  }
  return requests;
}
