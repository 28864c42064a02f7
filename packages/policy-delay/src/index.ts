/** @rackwise/policy-delay: Delay scheduling (node, then rack locality) on top of any fairness order. */
export {};
