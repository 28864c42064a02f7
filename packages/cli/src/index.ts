/** rackwise: The rackwise command line: run, compare, sweep and report network-aware scheduling experiments. */
export {};
