import type { JobRecord } from '@rackwise/metrics';
import type { UserId } from '@rackwise/types';
import { buildJobRecord } from './job-record.js';
import type { JobState } from './job-state.js';
import { UserState } from './user-state.js';

/**
 * The jobs and users of a run: the active jobs by index and in arrival order, the users
 * with an active job in id order, every user seen, and the records of the finished jobs.
 * Only `add` and `complete` change them.
 */
export class JobRegistry {
  /** Active jobs by workload index (undefined before arrival and after completion). */
  readonly jobs: readonly (JobState | undefined)[];
  readonly #jobs: (JobState | undefined)[];
  /** Active jobs in arrival order. */
  readonly activeJobList: JobState[] = [];
  /** Users with an active job, in id order. */
  readonly activeUserList: UserState[] = [];
  /** Every user that has submitted a job. */
  readonly users = new Map<number, UserState>();
  /** Records of the finished jobs, in completion order. */
  readonly records: JobRecord[] = [];

  constructor(jobCount: number) {
    this.#jobs = new Array(jobCount);
    this.jobs = this.#jobs;
  }

  /** The user of this id, created the first time it is asked for. */
  user(id: number): UserState {
    let user = this.users.get(id);
    if (user === undefined) {
      user = new UserState(id as UserId);
      this.users.set(id, user);
    }
    return user;
  }

  /** A job arrived: it and its user (with their first job) become active. */
  add(job: JobState): void {
    this.#jobs[job.index] = job;
    this.activeJobList.push(job);
    const user = job.userState;
    if (user.jobs.length === 0) this.#activateUser(user);
    user.jobs.push(job);
  }

  /** Inserts a user into the active list, kept in id order. */
  #activateUser(user: UserState): void {
    const list = this.activeUserList;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.id < user.id) lo = mid + 1;
      else hi = mid;
    }
    list.splice(lo, 0, user);
  }

  /** The job finished at `now`: it (and its user, with its last job) leaves; its record is kept. */
  complete(job: JobState, now: number): void {
    const list = this.activeJobList;
    list.splice(list.indexOf(job), 1);
    const user = job.userState;
    user.jobs.splice(user.jobs.indexOf(job), 1);
    if (user.jobs.length === 0) {
      const users = this.activeUserList;
      users.splice(users.indexOf(user), 1);
    }
    this.#jobs[job.index] = undefined;
    this.records.push(buildJobRecord(job, true, now));
  }

  /** The records of the jobs still active (at the end of a stopped run). */
  unfinishedRecords(now: number): JobRecord[] {
    const unfinished: JobRecord[] = [];
    for (const job of this.activeJobList) unfinished.push(buildJobRecord(job, false, now));
    return unfinished;
  }
}
