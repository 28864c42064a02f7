import type { PolicyContext, PolicyDefinition, SchedulerPolicy } from '@rackwise/types';

/** Any policy definition, whatever its configuration type. */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of every configuration type
export type AnyPolicyDefinition = PolicyDefinition<any>;

/**
 * Names → policy definitions. The CLI, the experiment runner and the reports find
 * policies here by name (CONVENTIONS "A policy package": a registry maps names to
 * factories, refuses duplicates, and fails on unknown names with the known ones).
 */
export interface PolicyRegistry {
  /** Adds a definition. Throws if the name is taken or not kebab-case. Returns the registry. */
  register(definition: AnyPolicyDefinition): PolicyRegistry;
  /** Whether a name is registered. */
  has(name: string): boolean;
  /** The definition of a name; an unknown name throws, listing the known names. */
  get(name: string): AnyPolicyDefinition;
  /** Registered names, in registration order. */
  names(): readonly string[];
  /** Registered definitions, in registration order. */
  list(): readonly AnyPolicyDefinition[];
  /**
   * Creates a policy by name: the definition's factory with `config` over its defaults.
   * The policy's random source comes from `context`.
   */
  create(name: string, config: Record<string, unknown> | undefined, context: PolicyContext): SchedulerPolicy;
}

const POLICY_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * A registry holding `definitions` (in order). Registering a name twice throws, so two
 * packages can never silently shadow one another.
 */
export function createPolicyRegistry(definitions: Iterable<AnyPolicyDefinition> = []): PolicyRegistry {
  const byName = new Map<string, AnyPolicyDefinition>();
  const registry: PolicyRegistry = {
    register(definition) {
      const name: unknown = definition?.name;
      if (typeof name !== 'string' || !POLICY_NAME.test(name)) {
        throw new Error(
          `policy name must be kebab-case (letters, digits and single dashes), got ${JSON.stringify(name)}`,
        );
      }
      if (typeof definition.create !== 'function') {
        throw new Error(`policy ${JSON.stringify(name)}: create must be a function`);
      }
      if (byName.has(name)) {
        throw new Error(`policy ${JSON.stringify(name)} is already registered; policy names must be unique`);
      }
      byName.set(name, definition);
      return registry;
    },
    has: (name) => byName.has(name),
    get(name) {
      const definition = byName.get(name);
      if (definition === undefined) {
        throw new Error(
          `unknown policy ${JSON.stringify(name)}; known policies: ${[...byName.keys()].join(', ')}`,
        );
      }
      return definition;
    },
    names: () => [...byName.keys()],
    list: () => [...byName.values()],
    create: (name, config, context) => registry.get(name).create(config, context),
  };
  for (const definition of definitions) registry.register(definition);
  return registry;
}
