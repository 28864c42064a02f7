import { Worker } from 'node:worker_threads';

/** What the pool posts to a worker: run one task. */
export interface WorkerRequest<Task> {
  readonly index: number;
  readonly task: Task;
}

/** What a worker posts back while it runs task `index`. */
export type WorkerMessage<Result, Progress = number> =
  | { readonly type: 'progress'; readonly index: number; readonly progress: Progress }
  | { readonly type: 'done'; readonly index: number; readonly result: Result }
  | { readonly type: 'error'; readonly index: number; readonly message: string; readonly stack?: string };

/**
 * Worker threads kept between tasks: each task goes to an idle worker, a new one while
 * fewer than `size` run, else waits its turn. A worker lives until `close`, so one
 * loaded and warmed up serves every task given to the pool, not one batch's.
 */
export interface WorkerPool<Task, Result, Progress = number> {
  /** Runs a task; `onProgress` hears what its worker posts of it under way. */
  run(task: Task, onProgress?: (progress: Progress) => void): Promise<Result>;
  /** Stops every worker; the tasks still waiting or running are rejected. */
  close(): Promise<void>;
}

type Pending<Task, Result, Progress> = {
  readonly index: number;
  readonly task: Task;
  readonly onProgress: (progress: Progress) => void;
  readonly resolve: (result: Result) => void;
  readonly reject: (error: Error) => void;
};

/**
 * A pool of up to `size` workers loaded from `script`. Workers inherit the process's
 * `execArgv` (so `--conditions=@rackwise/source` holds in them too); a TypeScript
 * `script` (running from the sources) is loaded through tsx's loader, which a worker does
 * not inherit. A task's error rejects that task alone; a worker that stops rejects its
 * task and is replaced by the next task that needs one.
 */
export function openWorkerPool<Task, Result, Progress = number>(
  script: URL,
  size: number,
): WorkerPool<Task, Result, Progress> {
  if (!(Number.isSafeInteger(size) && size >= 1))
    throw new Error(`a worker pool needs an integer size >= 1, got ${size}`);
  const waiting: Pending<Task, Result, Progress>[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, Pending<Task, Result, Progress>>();
  let next = 0;
  let closed = false;

  const dispatch = (): void => {
    while (waiting.length > 0) {
      let worker = idle.pop();
      if (worker === undefined) {
        if (busy.size >= size) return;
        worker = startPoolWorker(script);
      }
      const job = waiting.shift() as Pending<Task, Result, Progress>;
      busy.set(worker, job);
      worker.postMessage({ index: job.index, task: job.task } satisfies WorkerRequest<Task>);
    }
  };

  const settle = (worker: Worker, message: WorkerMessage<Result, Progress>): void => {
    const job = busy.get(worker);
    if (job === undefined || job.index !== message.index) return;
    if (message.type === 'progress') {
      job.onProgress(message.progress);
      return;
    }
    busy.delete(worker);
    idle.push(worker);
    if (message.type === 'done') job.resolve(message.result);
    else {
      const error = new Error(message.message);
      if (message.stack !== undefined) error.stack = message.stack;
      job.reject(error);
    }
    dispatch();
  };

  const lose = (worker: Worker, error: Error): void => {
    const job = busy.get(worker);
    busy.delete(worker);
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
    void worker.terminate();
    job?.reject(error);
    if (!closed) dispatch();
  };

  function startPoolWorker(url: URL): Worker {
    const worker = startWorker(url);
    worker.on('message', (message: WorkerMessage<Result, Progress>) => settle(worker, message));
    worker.on('error', (error) => lose(worker, error));
    worker.on('exit', (code) => {
      if (!closed)
        lose(
          worker,
          new Error(`a simulation worker stopped with exit code ${code} before its task finished`),
        );
    });
    return worker;
  }

  return {
    run(task, onProgress = () => {}) {
      if (closed) return Promise.reject(new Error('the worker pool is closed'));
      return new Promise<Result>((resolve, reject) => {
        waiting.push({ index: next++, task, onProgress, resolve, reject });
        dispatch();
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      const stopped = new Error('the worker pool was closed before the task finished');
      for (const job of [...waiting.splice(0), ...busy.values()]) job.reject(stopped);
      const workers = [...idle.splice(0), ...busy.keys()];
      busy.clear();
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/**
 * Runs `tasks` on up to `size` worker threads loaded from `script` (a pool opened for
 * them and closed after) and resolves with the results in task order.
 * `onProgress(index, progress)` relays what a worker posts of a task under way,
 * `onDone(index, result)` each result as it arrives. The first error rejects, after every
 * worker is stopped.
 */
export async function runOnWorkers<Task, Result, Progress = number>(
  script: URL,
  tasks: readonly Task[],
  size: number,
  onProgress: (index: number, progress: Progress) => void,
  onDone: (index: number, result: Result) => void = () => {},
): Promise<Result[]> {
  if (tasks.length === 0) return [];
  const pool = openWorkerPool<Task, Result, Progress>(script, Math.max(1, Math.min(size, tasks.length)));
  try {
    return await runOnPool(pool, tasks, onProgress, onDone);
  } finally {
    await pool.close();
  }
}

/** Runs `tasks` on an open pool, results in task order; the first error rejects (the pool stays open). */
export function runOnPool<Task, Result, Progress = number>(
  pool: WorkerPool<Task, Result, Progress>,
  tasks: readonly Task[],
  onProgress: (index: number, progress: Progress) => void,
  onDone: (index: number, result: Result) => void = () => {},
): Promise<Result[]> {
  return Promise.all(
    tasks.map((task, index) =>
      pool
        .run(task, (progress) => onProgress(index, progress))
        .then((result) => {
          onDone(index, result);
          return result;
        }),
    ),
  );
}

/** A worker running `script`; a `.ts` script gets tsx's loader registered first. */
function startWorker(script: URL): Worker {
  if (!script.pathname.endsWith('.ts')) return new Worker(script);
  const api = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); })`;
  return new Worker(bootstrap, { eval: true });
}
