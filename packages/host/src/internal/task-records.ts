import type {
  Bytes,
  Fraction,
  JobId,
  MapTaskView,
  NodeId,
  ReduceTaskView,
  Seconds,
  TaskState,
} from '@rackwise/types';

/** A map as the state keeps it; handed out as its own `MapTaskView`. */
export class MapRecord implements MapTaskView {
  readonly kind = 'map' as const;
  state: TaskState = 'pending';
  runningOn: NodeId[] = [];
  outputNode: NodeId | undefined = undefined;
  outputBytes: Bytes | undefined = undefined;
  startTime: Seconds | undefined = undefined;
  progress: Fraction = 0;

  constructor(
    readonly job: JobId,
    readonly index: number,
    readonly inputBytes: Bytes,
    readonly replicaNodes: readonly NodeId[],
  ) {}
}

/** A reduce as the state keeps it; handed out as its own `ReduceTaskView`. */
export class ReduceRecord implements ReduceTaskView {
  readonly kind = 'reduce' as const;
  state: TaskState = 'pending';
  node: NodeId | undefined = undefined;
  startTime: Seconds | undefined = undefined;
  fetchedBytes: Bytes = 0;
  reduceProgress: Fraction = 0;
  preemptions = 0;

  constructor(
    readonly job: JobId,
    readonly index: number,
    private readonly completedOutput: () => Bytes,
    private readonly share: number,
  ) {}

  get availableBytes(): Bytes {
    return this.share * this.completedOutput();
  }
}

/** Inserts a task into a list kept in ascending index order. */
export function insertByIndex<T extends { readonly index: number }>(list: T[], task: T): void {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.index < task.index) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, task);
}

/** Removes a task from a list if present. */
export function removeFrom<T>(list: T[], task: T): void {
  const at = list.indexOf(task);
  if (at >= 0) list.splice(at, 1);
}
