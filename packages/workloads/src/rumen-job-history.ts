import { basename } from 'node:path';
import { foreignTraceError } from './internal/foreign-traces.js';
import { isJobHistory, jobHistoryRecords } from './internal/job-history-events.js';
import { JsonFields } from './internal/json-fields.js';
import { type JsonRecord, jsonRecords } from './internal/json-records.js';
import { overlapSlots } from './internal/overlap-slots.js';
import { boundedBytes, boundedTime } from './internal/physical-bounds.js';
import { readTraceText } from './internal/trace-bytes.js';
import type { RecordedApplication, RecordedStage, RecordedTask, RecordedTrace } from './recorded-trace.js';

/**
 * Reads a Rumen job history (Hadoop's `rumen` TraceBuilder output, as YARN's Scheduler
 * Load Simulator replays it): a sequence of JSON job objects, plain or gzip/zstd
 * compressed; or a MapReduce job history (`.jhist`, Avro-JSON events), whose jobs are
 * taken as Rumen would write them. MapReduce v1 and v2 histories as Rumen writes them have the same fields.
 *
 * Each successful job becomes two stages: its maps, and (if any) its reduces with the
 * maps as parents. A task keeps its successful attempt: host and rack (`/rack/host`),
 * start, finish, HDFS bytes read, map output bytes (the task's local file bytes written;
 * in a map-only job none, its HDFS bytes written being its output), reduce shuffle bytes,
 * HDFS bytes written by reduces and by the maps of map-only jobs; a reduce's
 * shuffle phase (start → `shuffleFinished`) is its fetch wait, the rest its compute.
 *
 * @throws Error naming the file, record (job) and line and the field of the first
 * malformed value: a record the file ends inside, invalid JSON, binary content, a
 * missing or mistyped field, a successful task without a successful attempt.
 */
export function readRumenJobHistory(path: string): RecordedTrace {
  const fileName = basename(path);
  return parseRumenJobHistory(readTraceText(path, fileName, 'readRumenJobHistory'), fileName);
}

/** Parses a Rumen job history's text. @throws Error as {@link readRumenJobHistory}. */
export function parseRumenJobHistory(text: string, fileName: string): RecordedTrace {
  if (typeof text !== 'string') throw new Error(`parseRumenJobHistory: text of ${fileName} must be a string`);
  const history = isJobHistory(text.slice(0, 4096));
  const foreign = history ? undefined : foreignTraceError(text.slice(0, 4096), fileName, false);
  if (foreign !== undefined) throw foreign;
  const records = history ? jobHistoryRecords(text, fileName) : jsonRecords(text, fileName);
  if (records.length === 0) throw new Error(`${fileName}: no job records (an empty file)`);
  const jobs = records.map((r) => readJob(r, fileName));
  const epochMs = Math.min(...jobs.map((j) => j.submitMs));
  for (const job of jobs) boundedTime(job.fields, 'finishTime', epochMs);
  const applications: RecordedApplication[] = [];
  const stages: RecordedStage[] = [];
  const racks = new Map<string, string>();
  let unsuccessful = 0;
  let leftOutTasks = 0;
  for (const job of jobs.sort((a, b) => a.submitMs - b.submitMs)) {
    if (!job.succeeded) {
      unsuccessful++;
      continue;
    }
    const app = applications.length;
    applications.push({ ...job.app, submitTime: (job.submitMs - epochMs) / 1000 });
    const maps = job.fields.objects('mapTasks');
    const reduces = job.fields.has('reduceTasks') ? job.fields.objects('reduceTasks') : [];
    const mapTasks = readTasks(maps, reduces.length > 0 ? 'MAP' : 'MAP-ONLY', epochMs, racks);
    const reduceTasks = readTasks(reduces, 'REDUCE', epochMs, racks);
    leftOutTasks += maps.length + reduces.length - mapTasks.length - reduceTasks.length;
    if (mapTasks.length === 0) throw job.fields.fail('mapTasks', 'at least one successful map', maps.length);
    const launch = (job.launchMs - epochMs) / 1000;
    const mapEnd = Math.max(...mapTasks.map((t) => t.finishTime));
    stages.push({
      id: `${job.app.id} maps`,
      name: `${job.app.name} maps`,
      application: app,
      parents: [],
      submitTime: launch,
      completionTime: reduceTasks.length === 0 ? (job.finishMs - epochMs) / 1000 : mapEnd,
      tasks: mapTasks,
    });
    if (reduceTasks.length > 0) {
      stages.push({
        id: `${job.app.id} reduces`,
        name: `${job.app.name} reduces`,
        application: app,
        parents: [stages.length - 1],
        submitTime: Math.min(...reduceTasks.map((t) => t.launchTime)),
        completionTime: (job.finishMs - epochMs) / 1000,
        tasks: reduceTasks,
      });
    }
  }
  if (stages.length === 0)
    throw new Error(`${fileName}: no successful job (${unsuccessful} job(s) did not succeed)`);
  const hosts = new Set<string>();
  for (const s of stages) for (const t of s.tasks) hosts.add(t.host);
  const assumptions = [
    "each job is one application of its user and queue; the scheduler is YARN's (Rumen does not record which: replay under fair or capacity)",
    'a map computes for its attempt runtime; a reduce for its runtime after its shuffle phase (shuffleFinished), which is its recorded fetch wait',
    'Rumen records no shuffle locality: all reduce shuffle bytes count as remote',
    'task slots per host: the most successful attempts that overlapped on it',
  ];
  if (history)
    assumptions.push(
      "read from a MapReduce job history (.jhist): its jobs, tasks and attempts as Rumen would give them (bytes from the attempts' counters)",
    );
  if (unsuccessful > 0) assumptions.push(`${unsuccessful} job(s) that did not succeed are left out`);
  if (leftOutTasks > 0) assumptions.push(`${leftOutTasks} task(s) that did not succeed are left out`);
  return {
    format: 'rumen',
    name: fileName,
    applications,
    stages,
    hosts: [...hosts].sort(),
    recordedRacks: racks,
    slotsPerHost: overlapSlots(stages),
    epoch: epochMs / 1000,
    assumptions,
  };
}

interface RumenJob {
  readonly fields: JsonFields;
  readonly app: Omit<RecordedApplication, 'submitTime'>;
  readonly submitMs: number;
  readonly launchMs: number;
  readonly finishMs: number;
  readonly succeeded: boolean;
}

function readJob(record: JsonRecord, fileName: string): RumenJob {
  const fields = new JsonFields(`${fileName} record ${record.record} (line ${record.line})`, record.value);
  const id = fields.string('jobID');
  const submitMs = fields.integer('submitTime');
  const launchMs =
    fields.has('launchTime') && fields.value.launchTime !== -1 ? fields.integer('launchTime') : submitMs;
  const finishMs = fields.integer('finishTime');
  if (finishMs < launchMs) throw fields.fail('finishTime', `a time >= launchTime (${launchMs})`, finishMs);
  fields.array('mapTasks');
  return {
    fields,
    app: {
      id,
      name: fields.optionalString('jobName', id),
      user: fields.optionalString('user', 'unknown'),
      queue: fields.optionalString('queue', 'default'),
      scheduler: 'yarn',
    },
    submitMs,
    launchMs,
    finishMs,
    succeeded: fields.optionalString('outcome', 'SUCCESS') === 'SUCCESS',
  };
}

const HOST_NAME = /^\/([^/]+)\/([^/]+)$/;

function readTasks(
  tasks: JsonFields[],
  kind: 'MAP' | 'MAP-ONLY' | 'REDUCE',
  epochMs: number,
  racks: Map<string, string>,
): RecordedTask[] {
  const out: RecordedTask[] = [];
  for (let index = 0; index < tasks.length; index++) {
    const task = tasks[index]!;
    if (task.optionalString('taskStatus', 'SUCCESS') !== 'SUCCESS') continue;
    const attempts = task.objects('attempts');
    const attempt = attempts.find((a) => a.optionalString('result', '') === 'SUCCESS');
    if (attempt === undefined)
      throw task.fail(
        'attempts',
        'a successful attempt (result "SUCCESS") of a successful task',
        attempts.length,
      );
    const hostName = attempt.string('hostName');
    const parts = HOST_NAME.exec(hostName);
    const host = parts === null ? hostName.replace(/^\//, '') : parts[2]!;
    if (host === '') throw attempt.fail('hostName', '"/rack/host" or "host"', hostName);
    if (parts !== null) racks.set(host, parts[1]!);
    const start = boundedTime(attempt, 'startTime', epochMs);
    const finish = boundedTime(attempt, 'finishTime', epochMs);
    if (finish < start) throw attempt.fail('finishTime', `a time >= startTime (${start})`, finish);
    let wait = 0;
    if (kind === 'REDUCE') {
      const shuffled = attempt.optionalCount('shuffleFinished', start, -1);
      if (shuffled < start || shuffled > finish)
        throw attempt.fail('shuffleFinished', 'a time in [startTime, finishTime]', shuffled);
      wait = shuffled - start;
    }
    const shuffleRead =
      kind === 'REDUCE'
        ? boundedBytes(attempt, 'reduceShuffleBytes', boundedBytes(task, 'inputBytes', 0, -1), -1)
        : 0;
    out.push({
      index,
      host,
      launchTime: (start - epochMs) / 1000,
      finishTime: (finish - epochMs) / 1000,
      computeSeconds: (finish - start - wait) / 1000,
      inputBytes:
        kind === 'REDUCE'
          ? 0
          : boundedBytes(attempt, 'hdfsBytesRead', boundedBytes(task, 'inputBytes', 0, -1), -1),
      shuffleReadBytes: shuffleRead,
      remoteShuffleReadBytes: shuffleRead,
      // A task's outputBytes is Rumen's FILE_BYTES_WRITTEN: a map's materialised output
      // when reduces read it; in a map-only job the output goes to HDFS instead.
      shuffleWriteBytes: kind === 'MAP' ? boundedBytes(task, 'outputBytes', 0, -1) : 0,
      outputBytes: kind === 'MAP' ? 0 : boundedBytes(attempt, 'hdfsBytesWritten', 0, -1),
      fetchWaitSeconds: wait / 1000,
    });
  }
  return out;
}
