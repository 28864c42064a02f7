import type { ClusterView, ServiceGroup, SlotKind, UserOrder } from '@rackwise/types';

/**
 * A plain fair order for tests: users with fewer running tasks of the slot's kind first
 * (all tasks for a container), then the lower user id. Every active user is listed.
 */
export const fewestRunningFirst: UserOrder = {
  name: 'fewest-running-first',
  order(view: ClusterView, kind: SlotKind): readonly ServiceGroup[] {
    const running = (id: number): number => {
      const user = view.activeUsers().find((u) => u.id === id)!;
      return kind === 'container' ? user.running('map') + user.running('reduce') : user.running(kind);
    };
    return view
      .activeUsers()
      .map((u) => ({ id: u.id as number, running: running(u.id) }))
      .sort((a, b) => a.running - b.running || a.id - b.id)
      .map(({ id }) => ({ key: `user:${id}`, jobs: view.activeUsers().find((u) => u.id === id)!.jobs }));
  },
};

/** Users in a fixed order (those without active jobs left out). */
export function fixedUserOrder(users: readonly number[]): UserOrder {
  return {
    name: `fixed-${users.join('-')}`,
    order(view: ClusterView): readonly ServiceGroup[] {
      const active = view.activeUsers();
      return users.flatMap((id) => {
        const user = active.find((u) => u.id === id);
        return user === undefined ? [] : [{ key: `user:${id}`, jobs: user.jobs }];
      });
    },
  };
}
