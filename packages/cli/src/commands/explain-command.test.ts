import { describe, expect, it } from 'vitest';
import { recordingIo } from '../internal/test-io.js';
import { main } from '../main.js';

async function cli(...argv: string[]) {
  const io = recordingIo(process.cwd());
  const code = await main(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('rackwise explain', () => {
  it('tells the story of a job under NAS, with the values that decided each launch', async () => {
    const { code, out, err } = await cli(
      'explain',
      '--preset',
      'tiny',
      '--policy',
      'nas',
      '--seed',
      '1',
      '--job',
      '0',
    );
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/^Job 0 of tiny \(seed 1\) under nas: /);
    expect(out).toMatch(
      /launched map:0 on node \d+ \(rack \d+, container slot\) — mts\/[a-z-]+: by MTS; locality \w+; predicted map output/,
    );
    expect(out).toMatch(/rack link at \d+ % against the 80 % congestion threshold/);
    expect(out).toMatch(/completed\n$/);
  });

  it('prints JSON that parses, narrowed to one task', async () => {
    const { code, out } = await cli(
      'explain',
      '--preset',
      'tiny',
      '--policies',
      'fair',
      '--job',
      '2',
      '--task',
      'map:0',
      '--json',
    );
    expect(code).toBe(0);
    const story = JSON.parse(out);
    expect(story).toMatchObject({ preset: 'tiny', policy: 'fair', seed: 1, job: { id: 2 }, task: 'map:0' });
    const launch = story.story.find(
      (e: { event: string; task?: string }) => e.event === 'offer' && e.task === 'map:0',
    );
    expect(launch.evidence).toMatchObject({ job: 2, task: 'map:0', shareMeasure: 'share of slots held' });
    expect(story.story.every((e: { task?: string }) => e.task === undefined || e.task === 'map:0')).toBe(
      true,
    );
  });

  it("explains under the preset's baseline when no policy is named, and says so", async () => {
    const { code, out, err } = await cli('explain', '--preset', 'tiny', '--job', '0');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(
      /^Job 0 of tiny \(seed 1\) under fair \(the preset's baseline; another with --policy\): /,
    );
    const help = await cli('explain', '--help');
    expect(help.out).toMatch(/--policy <policy>\s+the one policy to explain .*default the preset's baseline/);
    expect(help.out).toMatch(/--policies <policy>\s+the same as --policy/);
  });

  it('refuses what it cannot explain before running', async () => {
    expect(await cli('explain', '--preset', 'tiny', '--policies', 'nas,fair', '--job', '0')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/name exactly one policy/),
    });
    expect((await cli('explain', '--preset', 'tiny', '--policies', 'nas')).err).toMatch(/--job: which job/);
    expect((await cli('explain', '--policy', 'nas', '--policies', 'nas', '--job', '0')).err).toMatch(
      /--policy and --policies name the same thing/,
    );
    expect(
      (await cli('explain', '--preset', 'tiny', '--policies', 'nas', '--job', '0', '--task', 'map:99')).err,
    ).toMatch(/no map:99/);
  });
});
