import type { ClusterView, ServiceGroup, SlotKind, UserOrder } from '@rackwise/types';

const KINDS: readonly SlotKind[] = ['map', 'reduce', 'container'];

/**
 * A `UserOrder` that computes each kind's order once per state of the cluster: while the
 * view and its `stateVersion` stay the same (offers that end in a pass change nothing),
 * every call returns the same frozen array, so Delay, NAS and ShuffleWatcher — which walk
 * the order up to twice per offer and pass on most offers — sort once per change instead
 * of once per call. Without a `stateVersion` (a host that does not keep one) every call
 * computes afresh. `compute` must read only what `stateVersion` covers (see `ClusterView`).
 */
export function versionedOrder(
  name: string,
  compute: (view: ClusterView, kind: SlotKind) => readonly ServiceGroup[],
): UserOrder {
  let view: ClusterView | undefined;
  let version = Number.NaN;
  const cached: (readonly ServiceGroup[] | undefined)[] = [undefined, undefined, undefined];
  return Object.freeze({
    name,
    order(current: ClusterView, kind: SlotKind): readonly ServiceGroup[] {
      const stamp = current.stateVersion;
      if (stamp === undefined) return compute(current, kind);
      if (current !== view || stamp !== version) {
        view = current;
        version = stamp;
        cached.fill(undefined);
      }
      const k = KINDS.indexOf(kind);
      const hit = cached[k];
      if (hit !== undefined) return hit;
      const groups = Object.freeze(compute(current, kind).map((group) => Object.freeze(group)));
      cached[k] = groups;
      return groups;
    },
  });
}
