/** @rackwise/predictor: Shuffle-size prediction and job classification (NAS, ShuffleWatcher). */
export {};
