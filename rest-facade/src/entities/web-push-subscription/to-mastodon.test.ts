import { expectGolden } from '../golden.test-helper.js';
import { webPushSubscriptionToMastodon } from './to-mastodon.js';

describe('webPushSubscriptionToMastodon', () => {
  it("names the alerts as Mastodon does (admin.sign_up, follow_request), the policy in lower case, the VAPID key as server_key (golden)", () => {
    expectGolden(__dirname, 'web-push-subscription', webPushSubscriptionToMastodon({
      id: '7',
      endpoint: 'https://push.example/send/abc',
      standard: false,
      policy: 'FOLLOWED',
      serverKey: 'BCk-QqERU0q-CfYZjcuB6lnyyOYfJ2AifKqfeGIm7Z-HiTU5T9eTG5GxVA0_OH5mMlI4UkkDTpaZwozy0TzdZ2M',
      alerts: { mention: true, status: false, reblog: true, follow: true, followRequest: false, favourite: true, poll: false, update: false, adminSignUp: false, adminReport: true },
    }));
  });
});
