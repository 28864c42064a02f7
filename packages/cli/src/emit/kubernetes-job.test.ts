import { Job } from 'kubernetes-models/batch/v1/Job';
import { describe, expect, it } from 'vitest';
import { emitSweep } from './emit-sweep.js';
import { kubernetesJob } from './kubernetes-job.js';

/**
 * A strict schema: a value's type, an object's fields (no others allowed), an array's
 * items, a map's values, or one of some strings.
 */
type Schema =
  | 'string'
  | 'integer'
  | { readonly oneOf: readonly string[] }
  | { readonly fields: Readonly<Record<string, Schema>>; readonly required?: readonly string[] }
  | { readonly items: Schema }
  | { readonly values: Schema };

const labels: Schema = { values: 'string' };

/**
 * The fields of batch/v1 Job (Kubernetes API reference) that the emitter uses, and no
 * others: a field the emitter starts writing must be added here on purpose. Each one
 * is checked below to be a field the real schema types.
 */
const INDEXED_JOB: Schema = {
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  fields: {
    apiVersion: { oneOf: ['batch/v1'] },
    kind: { oneOf: ['Job'] },
    metadata: { required: ['name'], fields: { name: 'string', labels, annotations: labels } },
    spec: {
      required: ['template', 'completionMode', 'completions'],
      fields: {
        completionMode: { oneOf: ['Indexed'] },
        completions: 'integer',
        parallelism: 'integer',
        backoffLimit: 'integer',
        template: {
          required: ['spec'],
          fields: {
            metadata: { fields: { labels } },
            spec: {
              required: ['containers'],
              fields: {
                restartPolicy: { oneOf: ['Never', 'OnFailure'] },
                containers: {
                  items: {
                    required: ['name', 'image', 'command'],
                    fields: {
                      name: 'string',
                      image: 'string',
                      command: { items: 'string' },
                      resources: { fields: { requests: { values: 'string' } } },
                      volumeMounts: {
                        items: {
                          required: ['name', 'mountPath'],
                          fields: { name: 'string', mountPath: 'string' },
                        },
                      },
                    },
                  },
                },
                volumes: {
                  items: {
                    required: ['name', 'persistentVolumeClaim'],
                    fields: {
                      name: 'string',
                      persistentVolumeClaim: { required: ['claimName'], fields: { claimName: 'string' } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

/** What in `value` breaks `schema`, one line per problem, each with its path. */
function violations(value: unknown, schema: Schema, path = ''): string[] {
  const at = path === '' ? '(root)' : path;
  if (schema === 'string') return typeof value === 'string' ? [] : [`${at}: expected a string`];
  if (schema === 'integer') return Number.isSafeInteger(value) ? [] : [`${at}: expected an integer`];
  if ('oneOf' in schema) {
    return schema.oneOf.includes(value as string)
      ? []
      : [`${at}: expected one of ${schema.oneOf.join(', ')}`];
  }
  if ('items' in schema) {
    if (!Array.isArray(value)) return [`${at}: expected an array`];
    return value.flatMap((item, i) => violations(item, schema.items, `${path}[${i}]`));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [`${at}: expected an object`];
  const entries = Object.entries(value);
  if ('values' in schema) return entries.flatMap(([k, v]) => violations(v, schema.values, `${path}.${k}`));
  return [
    ...(schema.required ?? []).filter((k) => !(k in value)).map((k) => `${path}.${k}: required`),
    ...entries.flatMap(([k, v]) => {
      const field = schema.fields[k];
      return field === undefined ? [`${path}.${k}: unknown field`] : violations(v, field, `${path}.${k}`);
    }),
  ];
}

/** Every field path of the schema, with a value of the wrong type for it. */
function fieldPaths(
  schema: Schema,
  path: (string | number)[] = [],
): { path: (string | number)[]; wrong: unknown }[] {
  if (typeof schema === 'string' || 'oneOf' in schema) return [];
  if ('items' in schema) return fieldPaths(schema.items, [...path, 0]);
  if ('values' in schema) return [];
  return Object.entries(schema.fields).flatMap(([name, field]) => [
    {
      path: [...path, name],
      wrong: field === 'string' || (typeof field === 'object' && 'oneOf' in field) ? 12 : 'x',
    },
    ...fieldPaths(field, [...path, name]),
  ]);
}

function setAt(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = value;
  return copy;
}

const job = () =>
  JSON.parse(
    emitSweep(
      'kubernetes',
      ['--preset', 'tiny', '--param', 'users=1,3', '--seeds', '1,2', '--parallel', '2'],
      { preset: 'tiny', parameter: 'users', values: [1, 3], seeds: [1, 2] },
      3,
      {
        preset: { type: 'string', description: '' },
        param: { type: 'string', description: '' },
        seeds: { type: 'string', description: '' },
        parallel: { type: 'string', description: '' },
      },
      undefined,
      2,
    ),
  );

describe('the emitted Kubernetes Indexed Job, checked strictly', () => {
  it('has only the fields of the strict schema, with their types', () => {
    expect(violations(job(), INDEXED_JOB)).toEqual([]);
    expect(() => new Job(job()).validate()).not.toThrow();
  });

  it.each([
    [['spec', 'completionsMode'], 'Indexed', '.spec.completionsMode: unknown field'],
    [
      ['spec', 'template', 'spec', 'containers', 0, 'volumeMount'],
      [],
      'containers[0].volumeMount: unknown field',
    ],
    [['metadata', 'namespace '], 'default', '.metadata.namespace : unknown field'],
    [['spec', 'completions'], '3', '.spec.completions: expected an integer'],
    [['spec', 'completionMode'], 'indexed', '.spec.completionMode: expected one of Indexed'],
  ])('refuses %j = %j (an API server would drop or reject it)', (path, value, message) => {
    const problems = violations(setAt(job(), path, value), INDEXED_JOB);
    expect(problems.join('\n')).toContain(message);
  });

  it('knows no field the real batch/v1 schema does not: each, mistyped, fails its validation', () => {
    const paths = fieldPaths(INDEXED_JOB);
    expect(paths.length).toBeGreaterThan(20);
    for (const { path, wrong } of paths) {
      expect(() => new Job(setAt(job(), path, wrong) as never).validate(), path.join('.')).toThrow();
    }
  });

  it('mounts the shared claim where the shards write their cells', () => {
    const manifest = kubernetesJob({
      name: 'rackwise-sweep-x',
      arguments: ['--preset', 'tiny'],
      shards: 2,
      cells: 4,
      package: 'rackwise@1.2.3',
      out: undefined,
      parallel: 1,
    }) as ReturnType<typeof job>;
    const pod = manifest.spec.template.spec;
    expect(pod.volumes).toEqual([
      { name: 'results', persistentVolumeClaim: { claimName: 'rackwise-results' } },
    ]);
    expect(pod.containers[0].volumeMounts).toEqual([{ name: 'results', mountPath: '/results' }]);
    expect(pod.containers[0].command[2]).toContain('--out /results/rackwise-sweep-x --quiet --parallel 1');
  });
});
