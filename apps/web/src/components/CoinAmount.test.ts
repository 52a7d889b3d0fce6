import { describe, expect, it } from 'vitest';
import { shownUnits } from './CoinAmount';

describe('coin units (prices as g/s/c)', () => {
  it('shows all three units unless compact', () => {
    expect(shownUnits({ gold: 0, silver: 0, copper: 5 }, false)).toEqual(['gold', 'silver', 'copper']);
  });

  it('leaves out zero units at either end when compact, keeping zeros between', () => {
    expect(shownUnits({ gold: 0, silver: 0, copper: 15 }, true)).toEqual(['copper']);
    expect(shownUnits({ gold: 0, silver: 1, copper: 25 }, true)).toEqual(['silver', 'copper']);
    expect(shownUnits({ gold: 0, silver: 6, copper: 0 }, true)).toEqual(['silver']);
    expect(shownUnits({ gold: 1, silver: 0, copper: 5 }, true)).toEqual(['gold', 'silver', 'copper']);
    expect(shownUnits({ gold: 0, silver: 0, copper: 0 }, true)).toEqual(['copper']);
  });
});
