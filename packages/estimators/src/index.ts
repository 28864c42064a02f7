/** @rackwise/estimators: The papers' cost, skew and traffic estimators: NAS, Shadow, ShuffleWatcher, FCS. */
export {};
