import { describe, expect, it } from 'vitest';
import { startupChannelKey, startupParamsTarget } from './startup-params';

const target = (path: string) => startupParamsTarget(new URL(path, 'https://njhl.example'));

describe('start-up parameters', () => {
  it('?modal= opens login or registration and comes back to the page; buy keeps the offer', () => {
    expect(target('/watch/12?modal=login')).toBe('/login?return_to=%2Fwatch%2F12');
    expect(target('/live?category_id=2&modal=registration')).toBe(
      '/registration?return_to=%2Flive%3Fcategory_id%3D2',
    );
    expect(target('/?modal=buy&package_id=4')).toBe('/buy?package_id=4');
    expect(target('/about?modal=nope')).toBe('/about');
  });

  it('?team= on the home page opens the schedule on that team; elsewhere it is a filter', () => {
    expect(target('/?team=7')).toBe('/schedule?team=7');
    expect(target('/?team=abc')).toBeNull();
    expect(target('/schedule?team=7')).toBeNull();
    expect(target('/live')).toBeNull();
  });

  it('?channel= names the channel only where the config leaves it to the keys host', () => {
    const url = (path: string) => new URL(path, 'https://njhl.example');
    expect(startupChannelKey(url('/?channel=other-league'), { channel_key: null })).toBe(
      'other-league',
    );
    // A host that names its channel keeps it, whatever a link says.
    expect(startupChannelKey(url('/?channel=other-league'), { channel_key: 'demo-hockey' })).toBe(
      null,
    );
    expect(startupChannelKey(url('/live'), { channel_key: null })).toBeNull();
    for (const bad of ['', 'a b', '../x', 'x'.repeat(129), '%00']) {
      expect(startupChannelKey(url(`/?channel=${bad}`), { channel_key: null }), bad).toBeNull();
    }
  });
});
