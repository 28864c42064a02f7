/**
 * Cap on one property test of the conformance suite, milliseconds: generous, because the
 * suite runs in every policy package at once on a shared machine. A cap, not a speed
 * assertion.
 */
export const CONFORMANCE_TEST_TIMEOUT = 120_000;
