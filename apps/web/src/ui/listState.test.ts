import { describe, expect, it } from 'vitest';
import { listFooter, nextPageNumber, PAGE_SIZE } from './listState.ts';

const page = (n: number, total?: number) => ({ items: Array.from({ length: n }, (_, i) => i), total });

describe('nextPageNumber', () => {
  it('starts at page 1 and pages by 20', () => {
    expect(PAGE_SIZE).toBe(20);
    expect(nextPageNumber([])).toBe(1);
    expect(nextPageNumber([page(20)])).toBe(2);
    expect(nextPageNumber([page(20), page(20)])).toBe(3);
  });

  it('stops after a short page or when the total is reached', () => {
    expect(nextPageNumber([page(20), page(7)])).toBeUndefined();
    expect(nextPageNumber([page(0)])).toBeUndefined();
    expect(nextPageNumber([page(20, 40), page(20, 40)])).toBeUndefined();
    expect(nextPageNumber([page(20, 41), page(20, 41)])).toBe(3);
  });
});

describe('listFooter', () => {
  it("says 'List is empty' for no items and 'No more data' at the end", () => {
    expect(listFooter({ loaded: 0, hasMore: false, loading: false, failed: false })).toBe('empty');
    expect(listFooter({ loaded: 25, hasMore: false, loading: false, failed: false })).toBe('end');
  });

  it('shows loading, retry or more otherwise', () => {
    expect(listFooter({ loaded: 0, hasMore: true, loading: true, failed: false })).toBe('loading');
    expect(listFooter({ loaded: 20, hasMore: true, loading: false, failed: true })).toBe('error');
    expect(listFooter({ loaded: 20, hasMore: true, loading: false, failed: false })).toBe('more');
  });
});
