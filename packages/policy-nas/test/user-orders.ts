import type { ClusterView, ServiceGroup, UserOrder } from '@rackwise/types';

/** Users by ascending id, each with its active jobs in submission order. */
export const usersById: UserOrder = {
  name: 'by-id',
  order: (view: ClusterView): readonly ServiceGroup[] =>
    view.activeUsers().map((user) => ({ key: `user:${user.id}`, jobs: [...user.jobs] })),
};
