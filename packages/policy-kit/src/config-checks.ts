/**
 * Merges a partial configuration over the defaults, refusing unknown options so a typo
 * fails at creation instead of being silently ignored. Returns `defaults` itself when
 * `config` is `undefined`.
 *
 * @param policy - the policy's name, prefixed to every error message.
 * @param optionalKeys - options accepted although `defaults` has no entry for them.
 * @throws Error naming the unknown option and listing the known ones, or when `config`
 *   is not an object.
 */
export function mergeConfig<Config extends object>(
  policy: string,
  defaults: Config,
  config: Partial<Config> | undefined,
  optionalKeys: readonly string[] = [],
): Config {
  if (config === undefined) return defaults;
  if (typeof config !== 'object' || config === null) {
    throw new Error(`${policy}: the configuration must be an object, got ${String(config)}`);
  }
  const known = [...Object.keys(defaults), ...optionalKeys];
  for (const key of Object.keys(config)) {
    if (!known.includes(key)) {
      throw new Error(`${policy}: unknown option ${JSON.stringify(key)}; known options: ${known.join(', ')}`);
    }
  }
  return { ...defaults, ...config };
}

/**
 * Returns `value` if it is a number in [0, 1].
 *
 * @throws Error naming `policy` and `option` otherwise (NaN included).
 */
export function requireFraction(policy: string, option: string, value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new Error(`${policy}: ${option} must be a number in [0, 1], got ${String(value)}`);
  }
  return value;
}

/**
 * Returns `value` if it is a non-empty string: the name a policy reports.
 *
 * @throws Error naming `policy` and the `name` option otherwise.
 */
export function requireName(policy: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') {
    throw new Error(`${policy}: name must be a non-empty string, got ${String(value)}`);
  }
  return value;
}
