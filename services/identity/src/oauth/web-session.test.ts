import { LOGIN_FORM_LIFETIME_MS, SESSION_LIFETIME_MS, WebSessions } from './web-session.js';

const SECRET = 'identity-session-secret-for-tests';

function clock(start = Date.UTC(2026, 10, 21, 12)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('WebSessions', () => {
  describe('a session it issued', () => {
    it('verifies to the account it was issued for', () => {
      const sessions = new WebSessions(SECRET);

      expect(sessions.verify(sessions.issue('109876543210987654'))).toEqual({ accountId: '109876543210987654', nonce: expect.any(String) });
    });

    it('verifies in another instance holding the same secret (another process)', () => {
      const value = new WebSessions(SECRET).issue('42');

      expect(new WebSessions(SECRET).verify(value)?.accountId).toBe('42');
    });

    it('does not verify under another secret', () => {
      expect(new WebSessions('another-secret').verify(new WebSessions(SECRET).issue('42'))).toBeNull();
    });

    it('expires after its lifetime', () => {
      const time = clock();
      const sessions = new WebSessions(SECRET, time.now);
      const value = sessions.issue('42');

      time.advance(SESSION_LIFETIME_MS + 1);

      expect(sessions.verify(value)).toBeNull();
    });
  });

  describe('a tampered session', () => {
    it('does not verify when the payload names another account', () => {
      const sessions = new WebSessions(SECRET);
      const [payload, mac] = sessions.issue('42').split('.') as [string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...claims, a: '1' })).toString('base64url');

      expect(sessions.verify(`${forged}.${mac}`)).toBeNull();
    });

    it('does not verify garbage, a missing part or an extra part', () => {
      const sessions = new WebSessions(SECRET);

      for (const value of ['', 'x', 'a.b', `${sessions.issue('42')}.extra`, null, undefined]) {
        expect(sessions.verify(value)).toBeNull();
      }
    });
  });

  describe('the approve form token', () => {
    it('matches the session it was made for', () => {
      const sessions = new WebSessions(SECRET);
      const session = sessions.verify(sessions.issue('42'))!;

      expect(sessions.formTokenMatches(session, sessions.formToken(session))).toBe(true);
    });

    it("does not match another sign-in's session, even of the same account", () => {
      const sessions = new WebSessions(SECRET);
      const first = sessions.verify(sessions.issue('42'))!;
      const second = sessions.verify(sessions.issue('42'))!;

      expect(sessions.formTokenMatches(second, sessions.formToken(first))).toBe(false);
    });

    it('does not match a missing token', () => {
      const sessions = new WebSessions(SECRET);
      const session = sessions.verify(sessions.issue('42'))!;

      expect(sessions.formTokenMatches(session, null)).toBe(false);
    });
  });

  describe('the sign-in form token', () => {
    it('matches the nonce it was issued with', () => {
      const sessions = new WebSessions(SECRET);
      const { nonce, token } = sessions.loginChallenge();

      expect(sessions.loginTokenMatches(nonce, token)).toBe(true);
    });

    it("does not match another form's nonce (a cookie set by someone else)", () => {
      const sessions = new WebSessions(SECRET);

      expect(sessions.loginTokenMatches(sessions.loginChallenge().nonce, sessions.loginChallenge().token)).toBe(false);
    });

    it('is not a session, and a session is not a sign-in token', () => {
      const sessions = new WebSessions(SECRET);
      const { nonce, token } = sessions.loginChallenge();

      expect(sessions.verify(`${Buffer.from(nonce).toString('base64url')}.${token}`)).toBeNull();
    });

    it('expires after an hour', () => {
      const time = clock();
      const sessions = new WebSessions(SECRET, time.now);
      const { nonce, token } = sessions.loginChallenge();

      time.advance(LOGIN_FORM_LIFETIME_MS + 1);

      expect(sessions.loginTokenMatches(nonce, token)).toBe(false);
    });
  });
});
