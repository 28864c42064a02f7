/** @rackwise/policy-shufflewatcher: ShuffleWatcher: NASS, SAMP and SARP on any fairness policy. */
export {};
