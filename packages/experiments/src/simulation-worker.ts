/**
 * Worker thread of `runExperiment` and `sweep`: runs the simulations it is sent with the
 * built-in policy registry and posts progress and results back. Not part of the API.
 */
import { parentPort } from 'node:worker_threads';
import { defaultPolicyRegistry } from './builtin-policies.js';
import type { PolicyRun } from './experiment-result.js';
import {
  type SimulationTask,
  type SimulationTaskProgress,
  runSimulationTask,
} from './internal/simulation-task.js';
import type { WorkerMessage, WorkerRequest } from './internal/worker-pool.js';

const port = parentPort;
if (port !== null) {
  const registry = defaultPolicyRegistry();
  port.on('message', ({ index, task }: WorkerRequest<SimulationTask>) => {
    const post = (message: WorkerMessage<PolicyRun, SimulationTaskProgress>): void =>
      port.postMessage(message);
    let shown = 0;
    try {
      const result = runSimulationTask(task, registry, (progress) => {
        if (progress.fraction - shown < 0.005) return;
        shown = progress.fraction;
        post({ type: 'progress', index, progress });
      });
      post({ type: 'done', index, result });
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      post({
        type: 'error',
        index,
        message: e.message,
        ...(e.stack === undefined ? {} : { stack: e.stack }),
      });
    }
  });
}
