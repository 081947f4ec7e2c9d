import { displayDocumentId, SALES_GRID } from '@portal/contract/sales';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  type FilterSpec,
  filterRules,
  formatGridDate,
  initialGridState,
  parseRelatedIds,
  productFilterOf,
  sameDocumentId,
  toGridParams,
  toIsoDay,
} from './grid-state';

const specs: Record<string, FilterSpec> = {
  SALESID: { kind: 'text', op: 'bw' },
  CUSTOMERREF: { kind: 'text' },
  JUMCREATEDDATE: { kind: 'dateRange' },
  DELIVERYDATE: { kind: 'date' },
  SALESSTATUS: { kind: 'select', allValue: '-1' },
  Id: { kind: 'number' },
};

describe('jqGrid request of a grid state', () => {
  it('starts on page 1 of 10 rows with the default sort of the grid', () => {
    const state = initialGridState(SALES_GRID);
    expect(state).toEqual({ page: 1, rows: 10, sidx: 'JUMCREATEDDATE', sord: 'desc', filters: {} });
    expect(toGridParams(state, specs)).toEqual({
      page: 1,
      rows: 10,
      sidx: 'JUMCREATEDDATE',
      sord: 'desc',
      _search: false,
    });
  });

  it('builds an AND group with the operator of each column type', () => {
    const params = toGridParams(
      {
        ...initialGridState(SALES_GRID),
        filters: {
          SALESID: ' AB12 ',
          CUSTOMERREF: 'taller',
          JUMCREATEDDATE: ['2025/1/5', '2025-02-01'],
          DELIVERYDATE: '2025/3/9',
          SALESSTATUS: '2',
          Id: '42',
        },
      },
      specs,
    );
    expect(params._search).toBe(true);
    expect(JSON.parse(params.filters ?? '')).toEqual({
      groupOp: 'AND',
      rules: [
        { field: 'SALESID', op: 'bw', data: 'AB12' },
        { field: 'CUSTOMERREF', op: 'cn', data: 'taller' },
        { field: 'JUMCREATEDDATE', op: 'ge', data: '2025-01-05' },
        { field: 'JUMCREATEDDATE', op: 'le', data: '2025-02-01' },
        { field: 'DELIVERYDATE', op: 'eq', data: '2025-03-09' },
        { field: 'SALESSTATUS', op: 'eq', data: '2' },
        { field: 'Id', op: 'eq', data: '42' },
      ],
    });
  });

  it('sends nothing for empty values, the All status, half-typed numbers and bad dates', () => {
    const values = {
      SALESID: '   ',
      SALESSTATUS: '-1',
      Id: '4a',
      DELIVERYDATE: '2025/2/30',
      JUMCREATEDDATE: [undefined, undefined] as const,
      UNKNOWN: 'x',
    };
    expect(filterRules(specs, values)).toEqual([]);
    expect(toGridParams({ ...initialGridState(SALES_GRID), filters: values }, specs)).not.toHaveProperty('filters');
    expect(activeFilterCount(specs, values)).toBe(0);
  });

  it('sends one eq rule for a range of one day, and an open range as one bound', () => {
    expect(filterRules(specs, { JUMCREATEDDATE: ['2025-04-01', '2025/4/1'] })).toEqual([
      { field: 'JUMCREATEDDATE', op: 'eq', data: '2025-04-01' },
    ]);
    expect(filterRules(specs, { JUMCREATEDDATE: [undefined, '2025-04-30'] })).toEqual([
      { field: 'JUMCREATEDDATE', op: 'le', data: '2025-04-30' },
    ]);
    expect(activeFilterCount(specs, { JUMCREATEDDATE: ['2025-04-01', '2025-04-30'], SALESSTATUS: '0' })).toBe(2);
  });

  it('reads typed days strictly', () => {
    expect(toIsoDay('2024/2/29')).toBe('2024-02-29');
    expect(toIsoDay('2023/2/29')).toBeUndefined();
    expect(toIsoDay('29/02/2024')).toBeUndefined();
    expect(toIsoDay(undefined)).toBeUndefined();
  });
});

describe('grid cells', () => {
  it('shows dates as the language writes them, with the hour in the logs', () => {
    expect(formatGridDate('2025-03-05')).toBe('05/03/2025');
    expect(formatGridDate('2025-12-31')).toBe('31/12/2025');
    const instant = '2025-03-05T10:00:00.000Z';
    const local = new Date(instant);
    const two = (n: number) => String(n).padStart(2, '0');
    const day = `${two(local.getDate())}/${two(local.getMonth() + 1)}/${local.getFullYear()}`;
    expect(formatGridDate(instant)).toBe(day);
    expect(formatGridDate(instant, true)).toMatch(
      new RegExp(`^${day},? ${two(local.getHours())}:${two(local.getMinutes())}$`),
    );
    expect(formatGridDate(null)).toBe('');
    expect(formatGridDate('not a date')).toBe('');
  });

  it('shows 41 + two letters + digits ids without the 41 (spec part 1 §9), and others as they are', () => {
    expect(displayDocumentId('41AB000123')).toBe('AB000123');
    expect(displayDocumentId('41ab9')).toBe('ab9');
    expect(displayDocumentId('41A1234')).toBe('41A1234');
    expect(displayDocumentId('PV-0001')).toBe('PV-0001');
    expect(displayDocumentId('4100123')).toBe('4100123');
    expect(displayDocumentId(null)).toBe('');
  });

  it('reads related ids lists', () => {
    expect(parseRelatedIds('ALB1')).toEqual(['ALB1']);
    expect(parseRelatedIds(' ALB1, ALB2 ,,ALB1,')).toEqual(['ALB1', 'ALB2']);
    expect(parseRelatedIds('')).toEqual([]);
    expect(parseRelatedIds(null)).toEqual([]);
  });

  it('matches a URL id with or without its 41 prefix', () => {
    expect(sameDocumentId('41AB123', 'AB123')).toBe(true);
    expect(sameDocumentId('41AB123', '41AB123')).toBe(true);
    expect(sameDocumentId('AB123', 'AB1234')).toBe(false);
    expect(sameDocumentId('ALB1', undefined)).toBe(false);
  });

  it('applies the product filter from 2 characters', () => {
    expect(productFilterOf('', 2)).toEqual({ tooShort: false });
    expect(productFilterOf(' a ', 2)).toEqual({ tooShort: true });
    expect(productFilterOf(' ab ', 2)).toEqual({ value: 'ab', tooShort: false });
  });
});
