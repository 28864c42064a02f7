/** @rackwise/testkit: fast-check arbitraries and the conformance suite every rackwise policy runs. */
export {};
