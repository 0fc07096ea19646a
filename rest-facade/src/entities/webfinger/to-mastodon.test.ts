import { expectGolden } from '../golden.test-helper.js';
import { hostMetaJson, hostMetaXrd, webfingerToJrd } from './to-mastodon.js';

describe('WebFinger mappers', () => {
  describe('the JRD of a local account', () => {
    it('renders golden/jrd.json', () => {
      const json = webfingerToJrd({ username: 'alice', url: 'https://social.test/@alice', uri: 'https://social.test/users/alice' }, 'social.test');

      expectGolden(__dirname, 'jrd', json);
    });
  });

  describe('host-meta', () => {
    it('renders golden/host-meta.json', () => {
      expectGolden(__dirname, 'host-meta', hostMetaJson('https://social.test'));
    });

    it('writes the same template as XRD, escaped for its attribute', () => {
      expect(hostMetaXrd('https://social.test')).toBe(
        '<?xml version="1.0" encoding="UTF-8"?>\n<XRD xmlns="http://docs.oasis-open.org/ns/xri/xrd-1.0">\n' +
          '  <Link rel="lrdd" template="https://social.test/.well-known/webfinger?resource={uri}"/>\n</XRD>\n',
      );
      expect(hostMetaXrd('https://a.test/x&"<')).toContain('template="https://a.test/x&amp;&quot;&lt;/.well-known/webfinger?resource={uri}"');
    });
  });
});
