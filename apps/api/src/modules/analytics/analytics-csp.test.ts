import { describe, expect, it } from 'vitest';
import { cspFor } from '../../plugins/security-headers.js';
import { analyticsCsp, extendDirective } from './analytics-csp.js';

describe('the page policy with analytics', () => {
  const site = cspFor('/');

  it('is the site policy unchanged without a Google tag or a separate datalake', () => {
    expect(analyticsCsp(site, { googleTag: false, analyticsOrigin: null })).toBe(site);
  });

  it('lets the channel’s Google tag load and report only when it has one', () => {
    const policy = analyticsCsp(site, { googleTag: true, analyticsOrigin: null });
    expect(policy).toMatch(/script-src 'self' [^;]*https:\/\/www\.googletagmanager\.com/);
    expect(policy).toMatch(/connect-src 'self' [^;]*https:\/\/\*\.google-analytics\.com/);
    expect(site).not.toContain('googletagmanager');
  });

  it('lets the browser report to a datalake on another origin', () => {
    const policy = analyticsCsp(site, {
      googleTag: false,
      analyticsOrigin: 'https://stats.league.example',
    });
    expect(policy).toMatch(/connect-src 'self' [^;]*https:\/\/stats\.league\.example/);
    expect(policy.split('; ')).toHaveLength(site.split('; ').length);
  });

  it('leaves a policy without the directive alone', () => {
    expect(extendDirective("default-src 'self'", 'connect-src', 'https://x')).toBe(
      "default-src 'self'",
    );
  });
});
