import { connectorListQuerySchema } from '@app/contracts/trading';
import { describe, expect, it } from 'vitest';
import { hasActiveFilters, listDefaults, parseListState, writeListState } from './list-params';

const schema = connectorListQuerySchema;
const parse = (query: string) => parseListState(schema, new URLSearchParams(query));
const write = (query: string, patch: Parameters<typeof writeListState<ReturnType<typeof parse>>>[2]) =>
  writeListState(schema, new URLSearchParams(query), patch).toString();

describe('list state in the URL: reading', () => {
  it('an empty URL gives the endpoint’s defaults', () => {
    expect(parse('')).toEqual({
      page: 1,
      pageSize: 25,
      sort: 'createdAt',
      order: 'desc',
      q: undefined,
      status: undefined,
    });
  });

  it('reads every field from the URL', () => {
    expect(parse('page=3&pageSize=50&sort=name&order=asc&q=mt5&status=revoked')).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'name',
      order: 'asc',
      q: 'mt5',
      status: 'revoked',
    });
  });

  it('an invalid value falls back to its default, field by field', () => {
    expect(parse('page=abc&pageSize=7&sort=password&order=up&status=deleted&q=live')).toEqual({
      page: 1,
      pageSize: 25,
      sort: 'createdAt',
      order: 'desc',
      q: 'live',
      status: undefined,
    });
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=-2').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse(`q=${'x'.repeat(101)}`).q).toBeUndefined();
  });

  it('a blank search is no search', () => {
    expect(parse('q=%20%20').q).toBeUndefined();
    expect(parse('q=%20mt5%20').q).toBe('mt5');
  });

  it('ignores params that are not the list’s', () => {
    expect(parse('tab=keys&page=2')).toEqual({ ...listDefaults(schema), page: 2 });
  });
});

describe('list state in the URL: writing', () => {
  it('changing a filter goes back to page 1', () => {
    expect(write('page=4&q=old', { q: 'new' })).toBe('q=new');
    expect(write('page=4', { status: 'active' })).toBe('status=active');
  });

  it('changing sort or page size goes back to page 1 too', () => {
    expect(write('page=4', { sort: 'name', order: 'asc' })).toBe('sort=name&order=asc');
    expect(write('page=4&pageSize=50', { pageSize: 10 })).toBe('pageSize=10');
  });

  it('a page change keeps the filters', () => {
    expect(write('q=mt5&status=active', { page: 2 })).toBe('q=mt5&status=active&page=2');
  });

  it('defaults and empty values leave the URL', () => {
    expect(write('page=2&q=mt5', { page: 1 })).toBe('q=mt5');
    expect(write('q=mt5&status=active', { q: undefined, status: undefined })).toBe('');
    expect(write('sort=name&order=asc', { sort: 'createdAt', order: 'desc' })).toBe('');
  });

  it('leaves params that are not the list’s alone', () => {
    expect(write('tab=keys&page=3', { q: 'x' })).toBe('tab=keys&q=x');
  });

  it('knows when filters are on', () => {
    expect(hasActiveFilters(schema, parse('page=2&sort=name'))).toBe(false);
    expect(hasActiveFilters(schema, parse('q=mt5'))).toBe(true);
    expect(hasActiveFilters(schema, parse('status=revoked'))).toBe(true);
    expect(hasActiveFilters(schema, parse('status=bogus'))).toBe(false);
  });
});
