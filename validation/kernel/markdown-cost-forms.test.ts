import { describe, expect, it } from 'vitest';
import { pooledLastBytes } from './markdown-cost-forms.js';

describe('the last bytes of every try', () => {
  const kept = { lastByte: 0.747, lastByteRange: [0.679, 0.765] as const, medianFct: 0.3 };

  it('pools the kept try’s three repetitions with those its refusals name', () => {
    const x = {
      ...kept,
      rtosPerRun: [66, 67, 65],
      otherTries: [
        'repetitions disagree: last byte 0.5672, 0.5722, 0.7696 s (tolerance ±20 % of their median)',
      ],
    };
    expect(pooledLastBytes(x)).toEqual([0.679, 0.747, 0.765, 0.5672, 0.5722, 0.7696]);
    const { otherTries: _named, ...alone } = x;
    expect(pooledLastBytes(alone)).toEqual([0.679, 0.747, 0.765]);
  });

  it('gives nothing where the kept try’s repetitions are not three (its median and range do not name them)', () => {
    expect(pooledLastBytes({ ...kept, rtosPerRun: [66, 67, 65, 70] })).toBeUndefined();
  });
});
