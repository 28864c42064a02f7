// A worker for the pool's tests: doubles a task's value, fails it, or stops the thread.
import { parentPort, threadId } from 'node:worker_threads';

parentPort?.on('message', ({ index, task }) => {
  if (task.exit) process.exit(3);
  if (task.fail)
    return parentPort.postMessage({ type: 'error', index, message: `task ${task.value} failed` });
  parentPort.postMessage({ type: 'progress', index, progress: 0.5 });
  setTimeout(
    () => parentPort.postMessage({ type: 'done', index, result: { value: task.value * 2, threadId } }),
    task.delay ?? 0,
  );
});
