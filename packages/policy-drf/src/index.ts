/** @rackwise/policy-drf: Dominant Resource Fairness scheduling policy and its user order. */
export {};
