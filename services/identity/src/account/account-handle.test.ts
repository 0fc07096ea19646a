import { AppError } from '@social/errors';
import { AccountHandles } from './account-handle';

const handles = new AccountHandles('https://social.example:8443');

describe('AccountHandles', () => {
  describe('usernameOfHandle', () => {
    it.each([
      ['alice', 'alice'],
      ['@alice', 'alice'],
      ['alice@social.example:8443', 'alice'],
      ['@Alice@SOCIAL.example:8443', 'Alice'],
      ['alice@', 'alice'],
    ])('reads %s as the local username %s', (handle, username) => {
      expect(handles.usernameOfHandle(handle)).toBe(username);
    });

    it.each(['alice@social.example', 'alice@other.example', 'alice@social.example:8443@x', '', '@', '@@social.example:8443'])(
      'names no local account with %j',
      (handle) => {
        expect(handles.usernameOfHandle(handle)).toBeNull();
      },
    );
  });

  describe('usernameOfResource', () => {
    it.each([
      ['acct:alice@social.example:8443', 'alice'],
      ['ACCT:alice@social.example:8443', 'alice'],
      ['alice@social.example:8443', 'alice'],
      ['https://social.example:8443/@alice', 'alice'],
      ['https://social.example:8443/users/alice', 'alice'],
      ['https://SOCIAL.example:8443/@alice/', 'alice'],
      ['http://social.example:8443/@alice', 'alice'],
    ])('reads %s as the local username %s', (resource, username) => {
      expect(handles.usernameOfResource(resource)).toBe(username);
    });

    it.each([
      'acct:alice@other.example',
      'https://other.example/@alice',
      'https://social.example/@alice',
      'https://social.example:8443/@alice/statuses/1',
      'https://social.example:8443/about',
      'https://social.example:8443/@%E0%A4%A',
    ])('names no local account with %s', (resource) => {
      expect(handles.usernameOfResource(resource)).toBeNull();
    });

    it.each(['', '  ', 'alice', 'acct:alice', 'https://'])('refuses %j as a bad request', (resource) => {
      expect(() => handles.usernameOfResource(resource)).toThrow(AppError);
      try {
        handles.usernameOfResource(resource);
      } catch (error) {
        expect((error as AppError).code).toBe('BAD_REQUEST');
      }
    });
  });
});
