/** @rackwise/topology: Racks, nodes, slots and links, the papers' clusters as presets, and an exact max-min fair flow-rate solver. */
export {};
