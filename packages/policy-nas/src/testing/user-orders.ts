import type { ClusterView, JobView, ServiceGroup, SlotKind, TaskKind, UserOrder } from '@rackwise/types';

/** Users by ascending id, each with its active jobs in submission order. */
export const usersById: UserOrder = {
  name: 'by-id',
  order: (view: ClusterView): readonly ServiceGroup[] =>
    view.activeUsers().map((user) => ({ key: `user:${user.id}`, jobs: [...user.jobs] })),
};

/**
 * A plain fair order: users with fewer running tasks of the slot's kind first (ties by
 * id), jobs in submission order — the shape of Fair's order, for tests.
 */
export const fewestRunningFirst: UserOrder = {
  name: 'fewest-running',
  order(view: ClusterView, kind: SlotKind): readonly ServiceGroup[] {
    const running = (jobs: readonly JobView[]) => {
      const users = new Set(jobs.map((j) => j.user));
      const kinds: readonly TaskKind[] = kind === 'container' ? ['map', 'reduce'] : [kind];
      let total = 0;
      for (const id of users) for (const k of kinds) total += view.user(id).running(k);
      return total;
    };
    return view
      .activeUsers()
      .map((user) => ({
        key: `user:${user.id}`,
        jobs: [...user.jobs],
        load: running(user.jobs),
        id: user.id,
      }))
      .sort((a, b) => a.load - b.load || a.id - b.id)
      .map(({ key, jobs }) => ({ key, jobs }));
  },
};
