import { isUnavailableError } from './unavailable.js';

describe('isUnavailableError', () => {
  it.each([
    ['a Prisma pool timeout', { name: 'PrismaClientKnownRequestError', code: 'P2024', message: 'Timed out fetching a new connection' }],
    ['a transaction that could not start', { code: 'P2028', message: 'Transaction API error: Unable to start a transaction in the given time.' }],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['PostgreSQL shutting down, as a driver adapter cause', { code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'postgres', code: '57P01' } } } }],
    ['a terminated connection, nested', new Error('query failed', { cause: new Error('Connection terminated unexpectedly') })],
    ['a subgraph that stopped answering (undici headers timeout, under fetch)', new TypeError('fetch failed', { cause: Object.assign(new Error('Headers Timeout Error'), { code: 'UND_ERR_HEADERS_TIMEOUT' }) })],
    ['a body cut short by a timeout', Object.assign(new Error('Body Timeout Error'), { code: 'UND_ERR_BODY_TIMEOUT' })],
    ['a host name that no longer resolves (a stopped container)', new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND media'), { code: 'ENOTFOUND' }) })],
  ])('is true for %s', (_name, error) => {
    expect(isUnavailableError(error)).toBe(true);
  });

  it.each([
    ['a unique violation', { code: 'P2002', message: 'Unique constraint failed' }],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['null', null],
    ['a string', 'ECONNREFUSED'],
  ])('is false for %s', (_name, error) => {
    expect(isUnavailableError(error)).toBe(false);
  });
});
