/** @rackwise/engine: Trace-driven discrete-event simulator of a rack cluster with max-min fair network flows. */
export {};
