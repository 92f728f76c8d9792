import { describe, expect, it } from 'vitest';
import { capabilitiesOf } from './access.js';

describe('capabilities', () => {
  it('is empty without purchases', () => {
    expect(capabilitiesOf([])).toEqual({
      capabilities: [],
      featureCount: { clip: 0, download: 0 },
    });
  });

  it('unions lower-cased flags, reports both vod spellings and sums feature counts', () => {
    const result = capabilitiesOf([
      { accesses: ['WATCH', 'No_Ads'], feature_counts: { clip: 5 } },
      { accesses: ['watch', 'VOD_MEDIA', 'unknown'], feature_counts: { clip: 2, download: 3 } },
    ]);
    expect(result.capabilities).toEqual(['no_ads', 'vod_media', 'vod_media_access', 'watch']);
    expect(result.featureCount).toEqual({ clip: 7, download: 3 });
  });
});
