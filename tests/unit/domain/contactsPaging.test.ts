import { describe, expect, it } from 'vitest';
import { nextContactPages, readContactPages } from '../../../domain/contactsPaging.ts';
import { PAGE } from '../../../domain/constants.ts';

describe('§9 contacts paging', () => {
  it('reads the first page alone, then three in parallel while pages are full', () => {
    expect(nextContactPages([])).toEqual([0]);
    expect(nextContactPages([{ skip: 0, length: 12 }])).toEqual([]);
    expect(nextContactPages([{ skip: 0, length: PAGE.contacts }])).toEqual([5000, 10000, 15000]);
    const full = [0, 5000, 10000, 15000].map((skip) => ({ skip, length: PAGE.contacts }));
    expect(nextContactPages(full)).toEqual([20000, 25000, 30000]);
    expect(nextContactPages([...full.slice(0, 3), { skip: 15000, length: 3 }])).toEqual([]);
  });

  it('collects every row of 20,001 persons in order, with the first page requested before the others', async () => {
    const total = 20_001;
    const calls: number[][] = [];
    let inFlight: number[] = [];
    const rows = await readContactPages(async (skip, limit) => {
      inFlight.push(skip);
      await Promise.resolve();
      if (inFlight.length) { calls.push(inFlight); inFlight = []; }
      return Array.from({ length: Math.max(0, Math.min(limit, total - skip)) }, (_, i) => skip + i);
    }, undefined, 5000, 3);
    expect(rows).toHaveLength(total);
    expect(rows.every((r, i) => r === i)).toBe(true);
    expect(calls).toEqual([[0], [5000, 10000, 15000], [20000, 25000, 30000]]);
  });
});
