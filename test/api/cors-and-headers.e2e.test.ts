// CORS as Mastodon configures it (docs/api/conventions.md#cors) and the security headers.
import { api } from '../support/server';
import { describeOnAnyOneTarget } from '../support/targets';

describeOnAnyOneTarget('OPTIONS /api/v1/statuses (a CORS preflight from a browser client)', () => {
  it('answers 204 allowing any origin, the API methods and the Authorization header, without credentials', async () => {
    const response = await api.send('OPTIONS', '/api/v1/statuses', {
      headers: { origin: 'https://elk.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });

    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-methods']).toBe('GET,POST,PUT,PATCH,DELETE,OPTIONS');
    expect(response.headers['access-control-allow-headers']).toBe('authorization,content-type');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describeOnAnyOneTarget('GET /api/v2/instance from a browser origin', () => {
  it('exposes Link, the rate-limit headers and X-Request-Id to the page', async () => {
    const response = await api.get('/api/v2/instance', { headers: { origin: 'https://elk.example' } });

    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-expose-headers']?.split(',')).toEqual(
      expect.arrayContaining(['Link', 'X-RateLimit-Reset', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-Request-Id']),
    );
  });
});

describeOnAnyOneTarget('POST /oauth/token from a browser origin', () => {
  it('allows any origin, as clients in the browser exchange codes there', async () => {
    const response = await api.send('OPTIONS', '/oauth/token', {
      headers: { origin: 'https://elk.example', 'access-control-request-method': 'POST' },
    });

    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });
});

describeOnAnyOneTarget('any answer', () => {
  it('carries no-sniff, no-framing and referrer headers, and no X-Powered-By', async () => {
    const response = await api.get('/api/v1/statuses/1');

    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });
});

describeOnAnyOneTarget('GET /avatars/original/missing.png and /headers/original/missing.png', () => {
  it('serves the default images accounts point to, as PNG', async () => {
    for (const path of ['/avatars/original/missing.png', '/headers/original/missing.png']) {
      const response = await api.send('GET', path);

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
    }
  });
});
