import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { recordingIo } from '../internal/test-io.js';
import { hostCommand } from './host-command.js';

const MIB = 1024 * 1024;
const zone = 'topology.kubernetes.io/zone';
const topology = {
  type: 'topology',
  nodes: ['n0', 'n1', 'n2', 'n3'].map((name, i) => ({
    name,
    labels: { [zone]: i < 2 ? 'a' : 'b' },
    slots: 1,
  })),
  nicCapacity: 1e9,
  oversubscription: 2,
};
const SESSION = [
  topology,
  {
    type: 'submit',
    time: 0,
    job: { id: 7, user: 1, maps: [{ inputBytes: 64 * MIB, replicas: ['n2'] }], reduces: 1 },
  },
  { type: 'offer', time: 1, node: 'n2', kind: 'container' },
  { type: 'start', time: 1, task: { job: 7, kind: 'map', index: 0 }, node: 'n2' },
  'this is not json',
  { type: 'finish', time: 2, task: { job: 7, kind: 'map', index: 0 }, node: 'n2', outputBytes: -5 },
  { type: 'finish', time: 3, task: { job: 7, kind: 'map', index: 0 }, node: 'n2', outputBytes: 32 * MIB },
  { type: 'flows', time: 3, flows: [{ from: 'n2', to: 'n0' }] },
  { type: 'offer', time: 4, node: 'n0', kind: 'container' },
  { type: 'start', time: 4, task: { job: 7, kind: 'reduce', index: 0 }, node: 'n9' },
].map((line) => (typeof line === 'string' ? line : JSON.stringify(line)));

async function* linesOf(lines: readonly string[]) {
  yield* lines;
}

describe('rackwise host', () => {
  it('takes the policy as --policy or --policies, as explain does, and one only', async () => {
    const answers = async (args: string[]) => {
      const io = recordingIo(process.cwd());
      const code = await hostCommand(args, io, linesOf(SESSION.slice(0, 3)));
      return { code, out: io.out.join('') };
    };
    const spelled = await answers(['--policy', 'nas']);
    expect(spelled.code).toBe(0);
    expect(await answers(['--policies', 'nas'])).toEqual(spelled);
    await expect(answers(['--policies', 'nas,fair'])).rejects.toThrow(/a host serves one policy/);
    await expect(answers(['--policy', 'nas', '--policies', 'nas'])).rejects.toThrow(/name the same thing/);
  });

  it('answers a scripted JSON-lines session and refuses bad lines by number without stopping', async () => {
    const io = recordingIo(process.cwd());
    const code = await hostCommand(['--policy', 'nas'], io, linesOf(SESSION));
    expect(code).toBe(0);
    const replies = io.out
      .join('')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(replies.map((r) => r.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(replies[0]).toEqual({ line: 1, ok: true, nodes: 4, racks: 2 });
    expect(replies[2].decision).toMatchObject({
      type: 'launch',
      task: { job: 7, kind: 'map', index: 0 },
      reason: 'mts/local-qualified',
      evidence: { algorithm: 'MTS', locality: 'node', predictedMapOutputBytes: 64 * MIB, rack: 1 },
    });
    expect(replies[4]).toMatchObject({
      line: 5,
      error: expect.stringMatching(/^line 5 is not a JSON object/),
    });
    expect(replies[5]).toMatchObject({ line: 6, field: 'outputBytes' });
    expect(replies[6]).toEqual({ line: 7, ok: true });
    // The flow from rack b to rack a fills both 1 Gbps rack links: NAS's reduce request sees congestion.
    expect(replies[8].decision).toMatchObject({
      type: 'pass',
      evidence: { rack: 0, rackUtilisation: 1, congestionThreshold: 0.8, congested: true },
    });
    expect(replies[9]).toMatchObject({
      line: 10,
      field: 'node',
      error: expect.stringMatching(/not a known node: "n9"/),
    });
  });

  it('runs as a process over stdin and stdout', () => {
    const bin = fileURLToPath(new URL('../bin.ts', import.meta.url));
    const result = spawnSync(
      process.execPath,
      ['--conditions=@rackwise/source', '--import', 'tsx', bin, 'host', '--policy', 'fair'],
      { input: `${SESSION.slice(0, 3).join('\n')}\n`, encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    const replies = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(replies[2]).toMatchObject({ line: 3, decision: { type: 'launch', reason: 'fair/node-local' } });
  });

  describe('evidence', () => {
    // Ten users with a job each: the offer goes to user 0, the first in Fair's order.
    const tenUsers = [
      topology,
      ...Array.from({ length: 10 }, (_, id) => ({
        type: 'submit',
        time: 0,
        job: { id, user: id, maps: [{ inputBytes: 64 * MIB, replicas: ['n1'] }], reduces: 0 },
      })),
      { type: 'offer', time: 1, node: 'n1', kind: 'container' },
    ].map((line) => JSON.stringify(line));
    const offerWith = async (...options: string[]) => {
      const io = recordingIo(process.cwd());
      expect(await hostCommand(['--policy', 'fair', ...options], io, linesOf(tenUsers))).toBe(0);
      return JSON.parse(io.out.join('').trim().split('\n').at(-1)!).decision;
    };

    it('names the chosen group and its nearest rivals by default, every group with --evidence full', async () => {
      const bounded = await offerWith();
      expect(bounded).toMatchObject({ type: 'launch', task: { job: 0 } });
      expect(bounded.evidence).toMatchObject({ group: 'user:0', rank: 0, groupCount: 10, groupsFrom: 0 });
      expect(bounded.evidence.groups.map((g: { group: string }) => g.group)).toEqual([
        'user:0',
        'user:1',
        'user:2',
        'user:3',
      ]);
      expect(await offerWith('--evidence', 'bounded')).toEqual(bounded);
      const full = await offerWith('--evidence', 'full');
      expect(full.evidence.groups).toHaveLength(10);
      expect({ ...full, evidence: undefined }).toEqual({ ...bounded, evidence: undefined });
      for (const off of [['--evidence', 'off'], ['--no-evidence']]) {
        expect(await offerWith(...off)).toEqual({ ...bounded, evidence: undefined });
      }
    });

    it('refuses an unknown detail, and --no-evidence beside another', async () => {
      const io = recordingIo(process.cwd());
      await expect(hostCommand(['--policy', 'fair', '--evidence', 'some'], io, linesOf([]))).rejects.toThrow(
        /--evidence: must be bounded, full or off, got "some"/,
      );
      await expect(
        hostCommand(['--policy', 'fair', '--evidence', 'full', '--no-evidence'], io, linesOf([])),
      ).rejects.toThrow(/--no-evidence contradicts --evidence full/);
    });
  });
});
