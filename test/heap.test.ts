import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, limitHeapGrowth } from '../src/heap.js';

describe('limitHeapGrowth', () => {
  it('sets the heap growing factor for the process', () => {
    const set: string[] = [];
    limitHeapGrowth(['--enable-source-maps'], (flags) => set.push(flags));
    expect(set).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
  });

  it('leaves a factor given on the command line alone', () => {
    const set: string[] = [];
    limitHeapGrowth(['--heap-growing-percent=80'], (flags) => set.push(flags));
    expect(set).toEqual([]);
  });
});
