/** @rackwise/experiments: The papers' evaluation setups as presets, the policy registry, sweeps, result tables and charts. */
export {};
