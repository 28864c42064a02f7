import type { ClusterView, ServiceGroup, UserOrder } from '@rackwise/types';

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
