import { describe, expect, it } from 'vitest';
import { groupLevels, groupSteps } from './grouping.ts';

describe('groupSteps', () => {
  it('offers the tick and 10, 100, 1000 times it, exactly', () => {
    expect(groupSteps('0.01')).toEqual(['0.01', '0.1', '1', '10']);
    expect(groupSteps('0.00001')).toEqual(['0.00001', '0.0001', '0.001', '0.01']);
    expect(groupSteps('nope')).toEqual([]);
  });
});

describe('groupLevels', () => {
  it('rounds bids down to the group and adds their sizes exactly', () => {
    const bids = [
      ['60009.99', '0.1'],
      ['60000.01', '0.2'],
      ['60000', '0.3'],
      ['59999.99', '0.000001'],
    ] as const;
    expect(groupLevels(bids, 'bids', '10', 20)).toEqual([
      ['60000', '0.6'],
      ['59990', '0.000001'],
    ]);
  });

  it('rounds asks up to the group, an ask already on it staying where it is', () => {
    const asks = [
      ['60000', '0.5'],
      ['60000.01', '0.1'],
      ['60009.99', '0.2'],
      ['60010.01', '0.3'],
    ] as const;
    expect(groupLevels(asks, 'asks', '10', 20)).toEqual([
      ['60000', '0.5'],
      ['60010', '0.3'],
      ['60020', '0.3'],
    ]);
  });

  it('is exact where floating point is not (0.1 + 0.2), and keeps the best `count` groups', () => {
    const bids = [
      ['1.05', '0.1'],
      ['1.01', '0.2'],
      ['0.95', '1'],
      ['0.85', '1'],
    ] as const;
    expect(groupLevels(bids, 'bids', '0.1', 2)).toEqual([
      ['1', '0.3'],
      ['0.9', '1'],
    ]);
  });

  it('at the tick changes nothing; an unreadable step leaves the levels as they are', () => {
    const asks = [
      ['1.01', '2'],
      ['1.02', '3'],
    ] as const;
    expect(groupLevels(asks, 'asks', '0.01', 20)).toEqual(asks);
    expect(groupLevels(asks, 'asks', 'x', 1)).toEqual([['1.01', '2']]);
  });
});
