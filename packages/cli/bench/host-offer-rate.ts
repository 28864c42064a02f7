/**
 * How fast `rackwise host` answers offers, as a scheduler sees it: each line goes through the
 * JSON-lines session the command runs (parse, translate, decide, serialise the reply with its
 * evidence). The cluster is 200 nodes in 10 racks of 6 containers; `jobs` active jobs of 20
 * maps (three replicas) and 2 reduces from 50 users are submitted first, then offers go
 * round the nodes with no state change between them, as a heartbeat loop sees them between
 * launches. Each policy runs in its own process, one after the other, created as the command
 * creates it (by name, with its defaults).
 *
 * Prints one JSON line per policy: offers per CPU second, the mean reply in bytes, and the
 * heap in use after a full collection at each tenth of the run.
 *
 *   node --expose-gc --conditions=@rackwise/source --import tsx bench/host-offer-rate.ts \
 *     [policy,…] [offers] [jobs] [evidence: bounded|full|off]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defaultPolicyRegistry } from '@rackwise/experiments';
import { createRandomSource } from '@rackwise/host';
import type { EvidenceDetail } from '@rackwise/types';
import { createJsonLinesHost } from '../src/internal/json-lines-host.js';

const NODES = 200;
const MAPS = 20;
const REDUCES = 2;
const USERS = 50;
const BLOCK = 128 * 2 ** 20;

const [policiesText, offersText = '100000', jobsText = '5000', evidenceText = 'bounded', child] =
  process.argv.slice(2);
const registry = defaultPolicyRegistry();
const policies = policiesText ? policiesText.split(',') : registry.names();
if (evidenceText !== 'bounded' && evidenceText !== 'full' && evidenceText !== 'off')
  throw new Error(`evidence must be bounded, full or off, got ${evidenceText}`);

if (child === undefined) {
  for (const name of policies) {
    const run = spawnSync(
      process.execPath,
      [
        ...process.execArgv,
        fileURLToPath(import.meta.url),
        name,
        offersText,
        jobsText,
        evidenceText,
        'child',
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    if (run.status !== 0) throw new Error(`${name}: the run failed`);
    process.stdout.write(run.stdout);
  }
} else {
  const name = policies[0]!;
  const offers = Number(offersText);
  const jobs = Number(jobsText);
  const handle = createJsonLinesHost({
    createPolicy: (context) => registry.create(name, undefined, context),
    seed: 1,
    evidence: evidenceText === 'off' ? false : (evidenceText as EvidenceDetail),
    topology: {
      nodes: Array.from({ length: NODES }, (_, n) => ({
        name: `n${n}`,
        labels: { rack: `r${Math.floor(n / 20)}` },
        slots: 6,
      })),
      rackLabel: 'rack',
      oversubscription: 5,
    },
  });
  let line = 0;
  const send = (message: string): string => {
    const reply = handle(message, ++line);
    if (reply === undefined || reply.includes('"error"')) throw new Error(`${name}: ${reply}`);
    return reply;
  };
  const random = createRandomSource(7);
  for (let id = 0; id < jobs; id++) {
    const maps = Array.from({ length: MAPS }, () => {
      const first = Math.floor(random.next() * NODES);
      return { inputBytes: BLOCK, replicas: [first, first + 37, first + 41].map((n) => `n${n % NODES}`) };
    });
    send(
      JSON.stringify({
        type: 'submit',
        time: id * 1e-3,
        job: { id, user: id % USERS, maps, reduces: REDUCES },
      }),
    );
  }
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) process.stderr.write('run with --expose-gc: heap samples would include garbage\n');
  const heapMiB = (): number => {
    gc?.();
    return Math.round((process.memoryUsage().heapUsed / 2 ** 20) * 10) / 10;
  };
  const heap = [heapMiB()];
  const start = jobs * 1e-3 + 1;
  const step = Math.ceil(offers / 10);
  let microseconds = 0;
  let bytes = 0;
  let launches = 0;
  for (let done = 0; done < offers; ) {
    const until = Math.min(offers, done + step);
    const before = process.cpuUsage();
    for (; done < until; done++) {
      const reply = send(
        `{"type":"offer","time":${start + done * 1e-4},"node":"n${done % NODES}","kind":"container"}`,
      );
      bytes += reply.length;
      if (reply.startsWith('"type":"launch"', reply.indexOf('"decision":{') + 12)) launches++;
    }
    const used = process.cpuUsage(before);
    microseconds += used.user + used.system;
    heap.push(heapMiB());
  }
  process.stdout.write(
    `${JSON.stringify({
      policy: name,
      evidence: evidenceText,
      activeJobs: jobs,
      offers,
      launches,
      offersPerCpuSecond: Math.round(offers / (microseconds / 1e6)),
      meanReplyBytes: Math.round(bytes / offers),
      heapMiB: heap,
    })}\n`,
  );
}
