import { isJobHistory } from './job-history-events.js';

/**
 * Content that is no trace rackwise reads, recognised by its own kind so the message
 * says what it is instead of another format's complaint: an empty file, a MapReduce job
 * history (`.jhist`, Avro-JSON: the Rumen reader takes it, the others name it), a JSON
 * array (of Rumen jobs or of anything).
 */
export function foreignTraceError(head: string, fileName: string, wholeFile: boolean): Error | undefined {
  const start = (head.charCodeAt(0) === 0xfeff ? head.slice(1) : head).trimStart();
  if (start === '' && wholeFile) return new Error(`${fileName}: an empty file: it holds no trace`);
  if (isJobHistory(start)) {
    return new Error(
      `${fileName}: a MapReduce job history (.jhist, Avro-JSON), not a Spark event log: it is read as a Rumen job history (--trace-format rumen)`,
    );
  }
  if (start.startsWith('[')) {
    const rumen = /^\[\s*\{[\s\S]*?"jobID"\s*:/.test(start.slice(0, 4000));
    return new Error(
      rumen
        ? `${fileName}: a JSON array of Rumen jobs: a Rumen job history is job objects one after another, as TraceBuilder writes it, not an array — write the array's elements one after another (e.g. jq -c '.[]')`
        : `${fileName}: a JSON array: not a trace rackwise reads (a Spark event log is one JSON event per line; a Rumen job history, job objects one after another)`,
    );
  }
  return undefined;
}
