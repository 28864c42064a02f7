/** @rackwise/policy-fair: Hadoop Fair Scheduler policy (per-user fair share, min shares) and its user order. */
export {};
