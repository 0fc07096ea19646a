// GET /metrics (Prometheus) on every process, and X-Request-Id on every answer.
// The counters are read before and after real traffic, so other tests' requests only add to them.
import { eventually, type TestUser } from '@social/testkit';
import { jpeg } from '../support/images';
import { upload, waitForProcessing } from '../support/media';
import { gatewayUrl, mediaUrl, processUrls, sample, scrape, statusesUrl } from '../support/metrics';
import { api, baseUrl, rig } from '../support/server';

const urls = Object.values(processUrls);

describe('GET /metrics', () => {
  let author: TestUser;

  beforeAll(async () => {
    author = await rig.newUser('metrics');
  });

  it('answers on every process, with the process metrics', async () => {
    for (const url of urls) {
      const text = await scrape(url);
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    }
  });

  it('counts requests by route pattern and status, operations, subgraph fetches and events after real traffic', async () => {
    const [facadeBefore, gatewayBefore, statusesBefore] = await Promise.all([scrape(baseUrl), scrape(gatewayUrl), scrape(statusesUrl)]);
    const status = await rig.post(author.token, 'Counted');
    expect((await api.get(`/api/v1/statuses/${status.id}`)).status).toBe(200);
    expect((await api.get(`/api/v1/statuses/${status.id}`)).status).toBe(200);
    expect((await api.get('/api/v1/statuses/1')).status).toBe(404);
    // A post the service refuses: its payload's errors (docs/graphql.md#mutations), REST's 422.
    expect((await api.postForm('/api/v1/statuses', { status: '' }, { token: author.token })).status).toBe(422);

    // Events are counted once published; give a loaded machine time.
    const statuses = await eventually(async () => {
      const text = await scrape(statusesUrl);
      return sample(text, 'events_published_total') > sample(statusesBefore, 'events_published_total') && text;
    }, { timeoutMs: 15_000, intervalMs: 200, what: 'an event counted as published' });
    const facade = await scrape(baseUrl);
    const gateway = await scrape(gatewayUrl);

    const got = { route: '/api/v1/statuses/:id', method: 'GET', status: '200' };
    expect(sample(facade, 'http_requests_total', got) - sample(facadeBefore, 'http_requests_total', got)).toBeGreaterThanOrEqual(2);
    const missing = { ...got, status: '404' };
    expect(sample(facade, 'http_requests_total', missing) - sample(facadeBefore, 'http_requests_total', missing)).toBeGreaterThanOrEqual(1);
    expect(sample(facade, 'http_request_duration_seconds_count', got) - sample(facadeBefore, 'http_request_duration_seconds_count', got)).toBeGreaterThanOrEqual(2);
    expect(sample(facade, 'http_request_duration_seconds_bucket', { ...got, le: '+Inf' })).toBe(sample(facade, 'http_request_duration_seconds_count', got));
    // The route pattern, never the raw path (one series per route, whatever the ids).
    expect(facade).not.toContain(`route="/api/v1/statuses/${status.id}"`);

    const published = { operation: 'PublishStatus', type: 'mutation', outcome: 'ok' };
    expect(sample(gateway, 'graphql_operations_total', published) - sample(gatewayBefore, 'graphql_operations_total', published)).toBeGreaterThanOrEqual(1);
    const refused = { operation: 'PublishStatus', type: 'mutation', outcome: 'user_error' };
    expect(sample(gateway, 'graphql_operations_total', refused) - sample(gatewayBefore, 'graphql_operations_total', refused)).toBeGreaterThanOrEqual(1);
    const read = { operation: 'GetStatus', type: 'query' };
    expect(sample(gateway, 'graphql_operations_total', read) - sample(gatewayBefore, 'graphql_operations_total', read)).toBeGreaterThanOrEqual(3);
    const fetches = { subgraph: 'statuses' };
    expect(sample(gateway, 'subgraph_fetch_duration_seconds_count', fetches) - sample(gatewayBefore, 'subgraph_fetch_duration_seconds_count', fetches)).toBeGreaterThanOrEqual(3);

    expect(sample(statuses, 'events_published_total', { channel: 'statuses' }) - sample(statusesBefore, 'events_published_total', { channel: 'statuses' })).toBeGreaterThanOrEqual(1);
    // The gateway hears the statuses channel (its streams' one bus subscription).
    expect(sample(gateway, 'events_delivered_total', { channel: 'statuses' })).toBeGreaterThan(0);
  });

  it('reports the depth of the job queues and counts the jobs run, on the process running media jobs', async () => {
    const completed = { queue: 'media.process', outcome: 'completed' };
    const before = sample(await scrape(mediaUrl), 'jobs_processed_total', completed);
    const response = await upload(api, 'v2', author.token, { file: await jpeg(64, 48) });
    expect([200, 202]).toContain(response.status);
    expect((await waitForProcessing(api, String(response.body.id), author.token)).status).toBe(200);

    const text = await eventually(async () => {
      const scraped = await scrape(mediaUrl);
      return sample(scraped, 'jobs_processed_total', completed) > before && scraped;
    }, { timeoutMs: 15_000, intervalMs: 100, what: 'the media job counted as completed' });
    expect(sample(text, 'jobs_processed_total', completed)).toBeGreaterThan(before);
    expect(text).toMatch(/^job_queue_depth\{queue="media\.process"\} \d+$/m);
  });

  it('counts open streaming connections by stream', async () => {
    const before = sample(await scrape(baseUrl), 'streaming_connections', { stream: 'public' });
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/v1/streaming/public`, { signal: controller.signal });
    expect(response.status).toBe(200);
    const openStreams = async () => sample(await scrape(baseUrl), 'streaming_connections', { stream: 'public' });
    try {
      await eventually(async () => expect(await openStreams()).toBe(before + 1), { timeoutMs: 15_000, intervalMs: 100 });
    } finally {
      controller.abort();
    }
    await eventually(async () => expect(await openStreams()).toBe(before), { timeoutMs: 15_000, intervalMs: 100 });
  });
});

describe('X-Request-Id', () => {
  it('is on every answer, errors and unknown paths included', async () => {
    for (const path of ['/api/v1/instance', '/api/v1/statuses/1', '/api/v1/nothing', '/health']) {
      const response = await api.get(path);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('keeps a sane incoming id and replaces any other', async () => {
    const kept = await api.get('/api/v1/instance', { headers: { 'x-request-id': 'lb-7f3a.42:1' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42:1');
    const replaced = await api.get('/api/v1/instance', { headers: { 'x-request-id': 'no spaces or <tags> here' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('travels to the gateway, which answers with the same id', async () => {
    const response = await fetch(`${gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'from-the-facade-1' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.headers.get('x-request-id')).toBe('from-the-facade-1');
  });
});
