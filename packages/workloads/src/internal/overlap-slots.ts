import type { RecordedStage } from '../recorded-trace.js';

/** Per host, the most task attempts that ran there at once. */
export function overlapSlots(stages: readonly RecordedStage[]): Map<string, number> {
  const events = new Map<string, [number, number][]>();
  for (const stage of stages) {
    for (const t of stage.tasks) {
      let list = events.get(t.host);
      if (list === undefined) {
        list = [];
        events.set(t.host, list);
      }
      list.push([t.launchTime, 1], [t.finishTime, -1]);
    }
  }
  const slots = new Map<string, number>();
  for (const [host, list] of events) {
    list.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let now = 0;
    let most = 1;
    for (const [, d] of list) {
      now += d;
      most = Math.max(most, now);
    }
    slots.set(host, most);
  }
  return slots;
}
