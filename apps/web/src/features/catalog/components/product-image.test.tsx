// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { firstResult, ProductImage } from './product-image';

/**
 * The first results' pictures are on screen as the page opens: fetched at once, the very first before the others
 * (a lazy picture on screen waited for the layout, and the page's largest paint with it; issue 25). The rest wait
 * until they are scrolled near.
 */
describe('ProductImage', () => {
  it('fetches the first five results at once, the first with high priority, and the others lazily', () => {
    renderWithProviders(
      <div>
        {[0, 1, 4, 5, 12].map((i) => (
          <ProductImage key={i} src={`/api/product/image/${i}/1`} alt={`R${i}`} height={140} first={firstResult(i)} />
        ))}
      </div>,
    );
    const img = (i: number) => screen.getByAltText(`R${i}`);
    expect(img(0).getAttribute('loading')).toBe('eager');
    expect(img(0).getAttribute('fetchpriority')).toBe('high');
    for (const i of [1, 4]) {
      expect(img(i).getAttribute('loading')).toBe('eager');
      expect(img(i).getAttribute('fetchpriority')).toBe('auto');
    }
    for (const i of [5, 12]) {
      expect(img(i).getAttribute('loading')).toBe('lazy');
      expect(img(i).getAttribute('fetchpriority')).toBe('auto');
    }
  });
});
