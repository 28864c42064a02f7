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
 * Runs `tasks` on up to `size` worker threads loaded from `script`, one task per worker
 * at a time (each worker takes the next task when it finishes one), and resolves with
 * the results in task order. `onProgress(index, progress)` relays what a worker posts of
 * a task under way, `onDone(index, result)` each result as it arrives.
 * The first error rejects, after every worker is stopped.
 *
 * Workers inherit the process's `execArgv` (so `--conditions=@rackwise/source` holds in
 * them too); a TypeScript `script` (running from the sources) is loaded through tsx's
 * loader, which a worker does not inherit.
 */
export function runOnWorkers<Task, Result, Progress = number>(
  script: URL,
  tasks: readonly Task[],
  size: number,
  onProgress: (index: number, progress: Progress) => void,
  onDone: (index: number, result: Result) => void = () => {},
): Promise<Result[]> {
  const results: Result[] = new Array(tasks.length);
  let next = 0;
  let finished = 0;
  let closed = false;
  const workers: Worker[] = [];
  return new Promise((resolve, reject) => {
    if (tasks.length === 0) return resolve(results);
    const close = (): void => {
      closed = true;
      for (const w of workers) void w.terminate();
    };
    const fail = (error: Error): void => {
      if (closed) return;
      close();
      reject(error);
    };
    const feed = (worker: Worker): void => {
      if (next >= tasks.length) return;
      const index = next++;
      worker.postMessage({ index, task: tasks[index] as Task } satisfies WorkerRequest<Task>);
    };
    for (let i = 0; i < Math.max(1, Math.min(size, tasks.length)); i++) {
      const worker = startWorker(script);
      workers.push(worker);
      worker.on('message', (message: WorkerMessage<Result, Progress>) => {
        if (closed) return;
        if (message.type === 'progress') return onProgress(message.index, message.progress);
        if (message.type === 'error') {
          const error = new Error(message.message);
          if (message.stack !== undefined) error.stack = message.stack;
          return fail(error);
        }
        results[message.index] = message.result;
        try {
          onDone(message.index, message.result);
        } catch (error) {
          return fail(error instanceof Error ? error : new Error(String(error)));
        }
        finished++;
        if (finished === tasks.length) {
          close();
          resolve(results);
        } else feed(worker);
      });
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (!closed)
          fail(new Error(`a simulation worker stopped with exit code ${code} before its task finished`));
      });
      feed(worker);
    }
  });
}

/** A worker running `script`; a `.ts` script gets tsx's loader registered first. */
function startWorker(script: URL): Worker {
  if (!script.pathname.endsWith('.ts')) return new Worker(script);
  const api = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); })`;
  return new Worker(bootstrap, { eval: true });
}
