import { closeSync, openSync, writeSync } from 'node:fs';
import { type FlowTraceRecord, flowTraceFabric, flowTraceHeader, flowTraceLine } from '@rackwise/flow-replay';
import type { Topology } from '@rackwise/topology';

/** Characters buffered before a write. */
const CHUNK = 1 << 20;

/** A flow trace being written as a run goes: `write` each flow as it ends, then `close`. */
export interface FlowTraceFile {
  readonly write: (flow: FlowTraceRecord) => void;
  readonly close: () => void;
}

/** Creates (or truncates) `path` and writes the trace header for `topology`. */
export function openFlowTrace(path: string, topology: Topology): FlowTraceFile {
  const fd = openSync(path, 'w');
  let buffer = flowTraceHeader(flowTraceFabric(topology.spec));
  return {
    write(flow) {
      buffer += flowTraceLine(flow);
      if (buffer.length >= CHUNK) {
        writeSync(fd, buffer);
        buffer = '';
      }
    },
    close() {
      writeSync(fd, buffer);
      buffer = '';
      closeSync(fd);
    },
  };
}
