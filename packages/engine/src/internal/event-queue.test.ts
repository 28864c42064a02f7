import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { EventQueue } from './event-queue.js';

describe('EventQueue', () => {
  it('is empty at first', () => {
    const queue = new EventQueue();
    expect(queue.size).toBe(0);
    expect(queue.peekTime()).toBe(Number.POSITIVE_INFINITY);
  });

  test.prop([
    fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 200 })), { maxLength: 300 }),
  ])('pops by time, then in insertion order, growing as needed', (events) => {
    const queue = new EventQueue(1);
    events.forEach(([time, kind], i) => queue.push(time, kind, i, i * 2));
    const popped: [number, number, number, number][] = [];
    while (queue.size > 0) {
      popped.push([queue.peekTime(), queue.peekKind(), queue.peekSubject(), queue.peekStamp()]);
      queue.pop();
    }
    const expected = events
      .map(([time, kind], i) => [time, kind, i, i * 2] as [number, number, number, number])
      .sort((x, y) => x[0] - y[0] || x[2] - y[2]);
    expect(popped).toEqual(expected);
  });

  it('keeps order when pushes and pops interleave', () => {
    const queue = new EventQueue(2);
    queue.push(5, 1, 0, 0);
    queue.push(1, 1, 1, 0);
    expect(queue.peekSubject()).toBe(1);
    queue.pop();
    queue.push(5, 1, 2, 0);
    queue.push(3, 1, 3, 0);
    const order: number[] = [];
    while (queue.size > 0) {
      order.push(queue.peekSubject());
      queue.pop();
    }
    expect(order).toEqual([3, 0, 2]);
    expect(queue.pushed).toBe(4);
  });
});
