import { describe, expect, it } from 'vitest';
import { feedLag } from './feed-lag';

describe('feedLag', () => {
  it('says a dash when the rows carried no ERP timestamp, else seconds, minutes or hours', () => {
    expect(feedLag(null)).toBe('—');
    expect(feedLag(-0.4)).toBe('0 s');
    expect(feedLag(42.4)).toBe('42 s');
    expect(feedLag(90)).toBe('2 min');
    expect(feedLag(3599)).toBe('60 min');
    expect(feedLag(5400)).toBe('1.5 h');
  });
});
