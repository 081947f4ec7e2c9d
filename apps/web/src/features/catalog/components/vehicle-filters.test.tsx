// @vitest-environment jsdom
import { catalogCalls } from '@portal/contract/catalog-calls';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callKey } from '@/lib/call';
import { renderWithProviders } from '@/test/render';
import { readSearch } from '../search-state';
import { VehicleFilters } from './vehicle-filters';

/**
 * The makes are asked when the user reaches for the brand select or when the page names a make, never with every
 * catalogue page (issue 25's request budget). The server is a stubbed fetch answering the makes' call.
 */
const MAKES = [
  { id: 7, label: 'SEAT' },
  { id: 9, label: 'VOLKSWAGEN' },
];
const brandsKey = callKey(catalogCalls.brands);

/** Answers the makes' call (and a make's models, empty); returns the URLs asked, in order. */
function answerMakes(): string[] {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    asked.push(url);
    const body = url.includes('/getbrands/') ? MAKES : [];
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return asked;
}
const makesAsked = (asked: string[]) => asked.filter((url) => url.includes('/getbrands/')).length;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('VehicleFilters', () => {
  it('asks for the makes only when the brand select is reached for, then offers them', async () => {
    const asked = answerMakes();
    const { client } = renderWithProviders(
      <VehicleFilters search={readSearch(new URLSearchParams('familia=24'))} update={() => undefined} />,
    );
    expect(screen.getByTestId('filter-brand')).toBeTruthy();
    expect(asked).toEqual([]);
    expect(client.getQueryState(brandsKey)?.fetchStatus ?? 'idle').toBe('idle');

    await userEvent.click(screen.getByRole('combobox', { name: 'UI_Catalog_Brand' }));
    await waitFor(() => expect(client.getQueryData(brandsKey)).toEqual(MAKES));
    expect(makesAsked(asked)).toBe(1);
    expect(await screen.findByText('VOLKSWAGEN')).toBeTruthy();
  });

  it('asks for the makes at once when the page names one, and shows its name', async () => {
    const asked = answerMakes();
    const { client } = renderWithProviders(
      <VehicleFilters search={readSearch(new URLSearchParams('marca=9'))} update={() => undefined} />,
    );
    await waitFor(() => expect(client.getQueryData(brandsKey)).toEqual(MAKES));
    expect(makesAsked(asked)).toBe(1);
    expect(await screen.findByTitle('VOLKSWAGEN')).toBeTruthy();
  });
});
