import { MEMORY_PER_SIMULATION_GIB, type ShardedRun, shardCommand } from './sharded-run.js';

/** Where the emitted Job mounts the results volume. */
export const KUBERNETES_RESULTS_PATH = '/results';

/** The PersistentVolumeClaim the emitted Job writes its cells to (create it once, ReadWriteMany). */
export const KUBERNETES_RESULTS_CLAIM = 'rackwise-results';

/** Container image of the emitted Job: Node.js 20, where `npx` fetches the published CLI. */
export const KUBERNETES_IMAGE = 'node:20-slim';

/** The annotation of the emitted Job that says what must be published before it runs. */
export const KUBERNETES_PUBLISH_NOTE = 'rackwise/before-publishing';

/**
 * What must be published before the Job runs, and how to run a built clone until then:
 * a manifest is data, so it says so in an annotation, as the Slurm script's header does.
 */
function publishNote(run: ShardedRun): string {
  return [
    `${run.package} must be on the npm registry for npx to fetch it.`,
    `Until it is, build an image from ${KUBERNETES_IMAGE} holding a built clone of the repository`,
    '(at /rackwise: pnpm install, then pnpm build), set it as the container image,',
    `and replace \`npx --yes ${run.package}\` in the command with \`node /rackwise/packages/cli/dist/bin.js\`.`,
  ].join(' ');
}

/**
 * A Kubernetes Indexed Job (batch/v1, `completionMode: Indexed`) with one completion per
 * shard: each pod runs `rackwise sweep … --shard $JOB_COMPLETION_INDEX/N --out <dir>`
 * with the published package, and writes its cells to the `rackwise-results` claim, from
 * which `rackwise merge <dir>` joins them. Each pod asks for `--parallel` CPUs (default 1)
 * and 2 GiB per simulation. Its `rackwise/before-publishing` annotation says that the
 * package must be on npm first, and how to run a built clone until it is. Plain data;
 * print as JSON (which is YAML too).
 */
export function kubernetesJob(run: ShardedRun): Record<string, unknown> {
  const out = run.out ?? `${KUBERNETES_RESULTS_PATH}/${run.name}`;
  const command = shardCommand(run, out);
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: run.name,
      labels: { 'app.kubernetes.io/name': 'rackwise' },
      annotations: { [KUBERNETES_PUBLISH_NOTE]: publishNote(run) },
    },
    spec: {
      completionMode: 'Indexed',
      completions: run.shards,
      parallelism: run.shards,
      backoffLimit: Math.max(6, run.shards),
      template: {
        metadata: { labels: { 'app.kubernetes.io/name': 'rackwise' } },
        spec: {
          restartPolicy: 'Never',
          containers: [
            {
              name: 'rackwise',
              image: KUBERNETES_IMAGE,
              command: [
                'sh',
                '-c',
                `${command} --parallel ${run.parallel} --shard "$JOB_COMPLETION_INDEX/${run.shards}"`,
              ],
              resources: {
                requests: {
                  cpu: String(run.parallel),
                  memory: `${run.parallel * MEMORY_PER_SIMULATION_GIB}Gi`,
                },
              },
              volumeMounts: [{ name: 'results', mountPath: KUBERNETES_RESULTS_PATH }],
            },
          ],
          volumes: [{ name: 'results', persistentVolumeClaim: { claimName: KUBERNETES_RESULTS_CLAIM } }],
        },
      },
    },
  };
}
