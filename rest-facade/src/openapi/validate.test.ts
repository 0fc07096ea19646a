import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkRecordedResponses } from './check-responses.js';
import { routes } from '../routes/index.js';
import { buildOpenApiDocument } from './document.js';
import { ResponseValidator, type RecordedResponse } from './validate.js';

const validator = new ResponseValidator(buildOpenApiDocument(routes));
const entities = path.join(__dirname, '../entities');
const golden = (entity: string, name: string) => readFileSync(path.join(entities, entity, 'golden', `${name}.json`), 'utf8');

function answer(method: string, urlPath: string, status: number, body: unknown, contentType = 'application/json; charset=utf-8'): RecordedResponse {
  return { method, path: urlPath, status, contentType, body: typeof body === 'string' ? body : JSON.stringify(body) };
}

/** Which schema each entity folder's goldens are. */
const GOLDEN_SCHEMAS: Record<string, Record<string, string> | string> = {
  account: { account: 'Account', 'credential-account': 'CredentialAccount' },
  'admin-block': {
    'domain-block': 'AdminDomainBlock',
    'domain-allow': 'AdminDomainAllow',
    'email-domain-block': 'AdminEmailDomainBlock',
    'ip-block': 'AdminIpBlock',
    'canonical-email-block': 'AdminCanonicalEmailBlock',
  },
  conversation: 'Conversation',
  application: { registration: 'CredentialApplication', 'verify-credentials': 'Application' },
  'familiar-followers': 'FamiliarFollowers',
  suggestion: 'Suggestion',
  announcement: 'Announcement',
  instance: { v2: 'Instance', v1: 'InstanceV1', nodeinfo: 'NodeInfo' },
  filter: { filter: 'Filter', 'filter-result': 'FilterResult', 'v1-filter': 'V1Filter' },
  list: 'List',
  marker: 'Markers',
  preferences: 'Preferences',
  'preview-card': 'PreviewCard',
  'scheduled-status': 'ScheduledStatus',
  'media-attachment': 'MediaAttachment',
  notification: 'Notification',
  'notification-group': 'GroupedNotificationsResults',
  'notification-policy': { v2: 'NotificationPolicy', v1: 'NotificationPolicyV1' },
  'notification-request': 'NotificationRequest',
  poll: 'Poll',
  'preview-card': 'PreviewCard',
  'scheduled-status': 'ScheduledStatus',
  relationship: 'Relationship',
  report: { report: 'Report', 'admin-report': 'AdminReport' },
  status: 'Status',
  'status-edit': 'StatusEdit',
  'status-source': 'StatusSource',
  token: 'Token',
  'trends-link': 'TrendsLink',
  webfinger: { jrd: 'WebFinger', 'host-meta': 'HostMeta' },
};

describe('the entity schemas', () => {
  const cases = Object.entries(GOLDEN_SCHEMAS).flatMap(([entity, schemas]) =>
    readdirSync(path.join(entities, entity, 'golden'))
      .filter((file) => file.endsWith('.json'))
      .map((file) => {
        const name = file.replace(/\.json$/, '');
        return [`${entity}/${name}`, typeof schemas === 'string' ? schemas : (schemas[name]), entity, name] as const;
      }),
  );

  it.each(cases)('fit the golden %s (%s)', (_case, schema, entity, name) => {
    expect(validator.entityProblems(schema, JSON.parse(golden(entity, name)))).toEqual([]);
  });
});

describe('ResponseValidator', () => {
  const status = JSON.parse(golden('status', 'public-anonymous')) as Record<string, unknown>;

  it('passes a real Status and a Mastodon error body', () => {
    const report = validator.validateAll([
      answer('GET', '/api/v1/statuses/109', 200, status),
      answer('GET', '/api/v1/statuses/110', 404, { error: 'Record not found' }),
      answer('POST', '/oauth/token', 400, { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid' }),
    ]);
    expect(report.violations).toEqual([]);
    expect(report.checked).toBe(3);
    expect(report.covered).toEqual(['GET /api/v1/statuses/{id} 200', 'GET /api/v1/statuses/{id} 404', 'POST /oauth/token 400']);
  });

  it('fails a deliberately wrong body: a numeric id, a missing key, an error without its text', () => {
    const { account: _account, ...withoutAccount } = status;
    const report = validator.validateAll([
      answer('GET', '/api/v1/statuses/109', 200, { ...status, id: 109 }),
      answer('POST', '/api/v1/statuses/109/favourite', 200, withoutAccount),
      answer('GET', '/api/v1/statuses/111', 404, { message: 'Record not found' }),
    ]);
    expect(report.violations).toEqual([
      { operation: 'GET /api/v1/statuses/{id}', status: 200, path: '/api/v1/statuses/109', problems: ['/id must be string'] },
      { operation: 'POST /api/v1/statuses/{id}/favourite', status: 200, path: '/api/v1/statuses/109/favourite', problems: ["(body) must have required property 'account'"] },
      { operation: 'GET /api/v1/statuses/{id}', status: 404, path: '/api/v1/statuses/111', problems: ["(body) must have required property 'error'"] },
    ]);
  });

  it('fails a list answered where one entity is documented, and HTML where JSON is', () => {
    const report = validator.validateAll([
      answer('GET', '/api/v1/accounts/relationships', 200, JSON.parse(golden('relationship', 'none'))),
      answer('GET', '/api/v1/instance', 200, '<html></html>', 'text/html; charset=utf-8'),
    ]);
    expect(report.violations.map((v) => [v.operation, v.problems[0]])).toEqual([
      ['GET /api/v1/accounts/relationships', '(body) must be array'],
      ['GET /api/v1/instance', 'answered text/html; charset=utf-8, documented application/json'],
    ]);
  });

  it('matches fixed segments before parameters, and leaves paths outside the document alone', () => {
    const report = validator.validateAll([
      answer('GET', '/api/v1/accounts/verify_credentials', 200, JSON.parse(golden('account', 'account'))),
      answer('GET', '/health', 200, 'OK', 'text/plain'),
      answer('GET', '/api/v1/nothing/here', 404, { error: 'Not Found' }),
    ]);
    // verify_credentials is a CredentialAccount: a plain Account lacks its source.
    expect(report.violations.map((v) => v.operation)).toEqual(['GET /api/v1/accounts/verify_credentials']);
    expect(report.unmatched).toBe(2);
  });
});

describe('checkRecordedResponses (the end-to-end runner\'s check)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-check-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function check(lines: RecordedResponse[]) {
    const file = path.join(dir, `${Math.random()}.jsonl`);
    writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n'));
    const output: string[] = [];
    const sink = { write: (text: string) => output.push(text) > 0 };
    return { code: checkRecordedResponses(file, sink, sink), output: output.join('') };
  }

  it('exits 0 on a recording that fits the document', () => {
    const { code, output } = check([answer('GET', '/api/v1/instance', 200, JSON.parse(golden('instance', 'v1')))]);
    expect(code).toBe(0);
    expect(output).toBe('openapi: 1 responses checked (1 operation/status pairs), 0 outside the document, 0 violation(s)\n');
  });

  it('exits 1 and names the operation on a deliberately wrong body', () => {
    const { code, output } = check([answer('GET', '/api/v1/instance', 200, { ...JSON.parse(golden('instance', 'v1')), registrations: 'yes' })]);
    expect(code).toBe(1);
    expect(output).toContain('GET /api/v1/instance -> 200 (/api/v1/instance): /registrations must be boolean');
  });
});
