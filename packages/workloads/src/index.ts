/** @rackwise/workloads: Workload readers (SWIM, coflow-benchmark), HDFS block placement and synthetic job generators. */
export {};
