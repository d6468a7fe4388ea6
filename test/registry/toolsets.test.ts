// Toolsets: names a client gives, and the tools each selection lists.
import { describe, expect, it } from 'vitest';
import { tools, toolsets } from '../../tools/index.js';
import { AppError } from '../../src/errors.js';
import { ALWAYS_LISTED, parseToolsets, selectTools, TOOLSET_NAMES } from '../../src/registry/toolsets.js';

const names = (list: { name: string }[]) => list.map((tool) => tool.name);

describe('parseToolsets', () => {
  it('reads a comma-separated list, ignoring spaces, case and repeats', () => {
    expect(parseToolsets(' Orders, maker ,orders')).toEqual(['maker', 'orders']);
  });

  it('means every tool when unset, empty or all', () => {
    expect(parseToolsets(undefined)).toBeUndefined();
    expect(parseToolsets(' , ')).toBeUndefined();
    expect(parseToolsets('read,all')).toBeUndefined();
  });

  it('refuses an unknown name, naming the known ones', () => {
    expect(() => parseToolsets('read,billing')).toThrowError(AppError);
    expect(() => parseToolsets('read,billing')).toThrowError(/billing.*directory, maker, orders, read or all/);
  });
});

describe('selectTools', () => {
  it('keeps every tool when no toolset is named', () => {
    expect(selectTools(tools, undefined)).toBe(tools);
  });

  it('lists the named toolsets in registry order, with get_site_info always', () => {
    const selected = selectTools(tools, ['orders']);
    expect(names(selected)).toEqual([
      'get_site_info',
      'list_products',
      'quote_order',
      'create_checkout',
      'list_my_orders',
      'get_order',
    ]);
  });

  it('makes read every read-only tool and nothing that writes', () => {
    const selected = selectTools(tools, ['read']);
    expect(selected.every((tool) => tool.annotations.readOnlyHint)).toBe(true);
    expect(names(selected)).toEqual(names(tools.filter((tool) => tool.annotations.readOnlyHint)));
  });

  it('puts every tool in some toolset other than read, and every name in the registry', () => {
    const grouped = new Set(TOOLSET_NAMES.filter((name) => name !== 'read').flatMap((name) => names(toolsets[name])));
    expect([...grouped].sort()).toEqual(names(tools).sort());
    expect(tools.some((tool) => tool.name === ALWAYS_LISTED)).toBe(true);
  });

  it('selects only among the tools it is given', () => {
    expect(names(selectTools(tools.slice(0, 3), ['maker']))).toEqual(['get_site_info']);
  });
});
