import type { ClusterView } from '@rackwise/types';

/** The same view with no `stateVersion`: nothing may be answered from a per-state cache. */
export function unversioned(view: ClusterView): ClusterView {
  return new Proxy(view, {
    get(target, property) {
      if (property === 'stateVersion') return undefined;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
