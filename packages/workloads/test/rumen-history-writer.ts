/**
 * Writes Rumen job histories from a plan, as Hadoop's TraceBuilder writes them: one
 * pretty-printed JSON object per job, one after another, each task with its attempts
 * (failed ones included), `/rack/host` host names and the counters the readers use.
 */

export interface RumenAttemptPlan {
  readonly rack: string;
  readonly host: string;
  /** Ms after the history's first submission. */
  readonly start: number;
  readonly finish: number;
  readonly result?: 'SUCCESS' | 'FAILED' | 'KILLED';
  /** Reduces: end of the shuffle phase. */
  readonly shuffleFinished?: number;
  readonly hdfsRead?: number;
  readonly hdfsWritten?: number;
  readonly shuffleBytes?: number;
}

export interface RumenTaskPlan {
  /** Attempts in order; the last successful one is the task's. */
  readonly attempts: readonly RumenAttemptPlan[];
  /** FILE_BYTES_WRITTEN of the task (a map's materialised output). */
  readonly outputBytes?: number;
}

export interface RumenJobPlan {
  readonly id: string;
  readonly name: string;
  readonly user: string;
  readonly queue: string;
  readonly submit: number;
  readonly launch: number;
  readonly finish: number;
  readonly maps: readonly RumenTaskPlan[];
  readonly reduces: readonly RumenTaskPlan[];
}

/** Epoch ms of the first submission of every written history. */
export const RUMEN_EPOCH = 1_371_222_054_000;

/** The history's text: the jobs' objects, pretty-printed and concatenated. */
export function rumenJobHistory(jobs: readonly RumenJobPlan[]): string {
  return jobs.map((job) => `${JSON.stringify(rumenJob(job), null, 2)}\n`).join('');
}

function rumenJob(job: RumenJobPlan): object {
  const abs = (ms: number) => RUMEN_EPOCH + ms;
  const serial = job.id.replace(/^job_/, '');
  const tasks = (list: readonly RumenTaskPlan[], kind: 'MAP' | 'REDUCE') =>
    list.map((task, n) => {
      const id = `task_${serial}_${kind === 'MAP' ? 'm' : 'r'}_${String(n).padStart(6, '0')}`;
      const attempts = task.attempts.map((a, k) => ({
        location: { layers: [a.rack, a.host] },
        hostName: `/${a.rack}/${a.host}`,
        startTime: abs(a.start),
        result: a.result ?? 'SUCCESS',
        finishTime: abs(a.finish),
        attemptID: `attempt_${serial}_${kind === 'MAP' ? 'm' : 'r'}_${String(n).padStart(6, '0')}_${k}`,
        shuffleFinished: a.shuffleFinished === undefined ? -1 : abs(a.shuffleFinished),
        sortFinished: a.shuffleFinished === undefined ? -1 : abs(a.shuffleFinished) + 5,
        hdfsBytesRead: a.hdfsRead ?? -1,
        hdfsBytesWritten: a.hdfsWritten ?? -1,
        fileBytesRead: 0,
        fileBytesWritten: task.outputBytes ?? 0,
        mapOutputBytes: -1,
        reduceShuffleBytes: a.shuffleBytes ?? -1,
        spilledRecords: 0,
      }));
      const done = task.attempts.filter((a) => (a.result ?? 'SUCCESS') === 'SUCCESS').at(-1);
      return {
        startTime: abs(task.attempts[0]!.start),
        taskID: id,
        taskType: kind,
        finishTime: abs((done ?? task.attempts.at(-1)!).finish),
        attempts,
        preferredLocations: [],
        taskStatus: done === undefined ? 'FAILED' : 'SUCCESS',
        inputBytes: kind === 'MAP' ? (done?.hdfsRead ?? -1) : -1,
        outputBytes: task.outputBytes ?? -1,
      };
    });
  return {
    priority: 'NORMAL',
    jobID: job.id,
    user: job.user,
    jobName: job.name,
    submitTime: abs(job.submit),
    launchTime: abs(job.launch),
    finishTime: abs(job.finish),
    queue: job.queue,
    mapTasks: tasks(job.maps, 'MAP'),
    reduceTasks: tasks(job.reduces, 'REDUCE'),
    otherTasks: [],
    outcome: 'SUCCESS',
    jobtype: 'JAVA',
    totalMaps: job.maps.length,
    totalReduces: job.reduces.length,
  };
}
