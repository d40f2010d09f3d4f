import { describe, expect, it } from 'vitest';
import { apiHelmetOptions, securityHeadersOf } from './security-headers';

const named = (options: Parameters<typeof securityHeadersOf>[0]) =>
  Object.fromEntries(
    securityHeadersOf(options).map(([name, value]) => [name.toLowerCase(), value]),
  );

describe('the API set of security headers', () => {
  it('keeps HSTS in production, as the pages have it', () => {
    expect(named(apiHelmetOptions(true))['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(named(apiHelmetOptions(false))).not.toHaveProperty('strict-transport-security');
  });

  it('still takes X-Powered-By away', () => {
    expect(named(apiHelmetOptions(false))).toHaveProperty('x-powered-by', null);
  });
});
