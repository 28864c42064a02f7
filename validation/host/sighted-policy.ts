import type { ClusterView, SchedulerPolicy, UserView } from '@rackwise/types';

/**
 * How a policy is shown the host's views in tests of answers kept between states: as
 * they are (`kept`), without `usersChangedSince` (`no-moves`: every user's version looked
 * at), or without any version (`fresh`: every answer computed afresh, the oracle).
 */
export type Sight = 'kept' | 'no-moves' | 'fresh';

/** A user view without its `version`. */
function unversionedUser(user: UserView): UserView {
  return { id: user.id, jobs: user.jobs, running: (kind) => user.running(kind) };
}

/** The view as a host that keeps fewer versions shows it. */
function sighted(view: ClusterView, sight: Exclude<Sight, 'kept'>): ClusterView {
  return new Proxy(view, {
    get(target, key) {
      if (key === 'usersChangedSince') return undefined;
      if (sight === 'fresh') {
        if (key === 'stateVersion') return undefined;
        if (key === 'activeUsers') return () => target.activeUsers().map(unversionedUser);
        if (key === 'user') return (id: never) => unversionedUser(target.user(id));
      }
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The policy, handed every view as `sight` shows it (one proxy per host view, as a host keeps one view). */
export function seeing(inner: SchedulerPolicy, sight: Sight): SchedulerPolicy {
  if (sight === 'kept') return inner;
  const proxies = new WeakMap<ClusterView, ClusterView>();
  const see = (view: ClusterView): ClusterView => {
    let proxy = proxies.get(view);
    if (proxy === undefined) {
      proxy = sighted(view, sight);
      proxies.set(view, proxy);
    }
    return proxy;
  };
  const { duplication, preemption } = inner;
  return {
    ...inner,
    assign: (offer, view) => inner.assign(offer, see(view)),
    onJobSubmitted: (job, view) => inner.onJobSubmitted?.(job, see(view)),
    onJobCompleted: (job, view) => inner.onJobCompleted?.(job, see(view)),
    onTaskStarted: (event, view) => inner.onTaskStarted?.(event, see(view)),
    onTaskCompleted: (event, view) => inner.onTaskCompleted?.(event, see(view)),
    ...(inner.onTick === undefined ? {} : { onTick: (view: ClusterView) => inner.onTick?.(see(view)) }),
    ...(duplication === undefined
      ? {}
      : { duplication: { chooseCopy: (map, node, view) => duplication.chooseCopy(map, node, see(view)) } }),
    ...(preemption === undefined
      ? {}
      : { preemption: { mode: preemption.mode, preempt: (view) => preemption.preempt(see(view)) } }),
  };
}
