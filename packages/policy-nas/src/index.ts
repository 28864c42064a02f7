/** @rackwise/policy-nas: NAS network-aware scheduler: MTS, CA-RTS and CR-RTS on delay scheduling. */
export {};
