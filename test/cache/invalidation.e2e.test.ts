// The read cache of anonymous GET /api/v1/statuses/:id never serves stale data after a write
// through the API (REST, or GraphQL as internal frontends write). Each scenario warms the cache (HITs seen) for the statuses around a
// target S (see neighbourhood in support/read-cache.ts), makes one write, and then for every
// warmed status requires the anonymous answer to equal the fresh one (Cache-Control: no-cache)
// and the write's effect to be visible in it, so a missing invalidation fails.
import type { JsonObject } from '@social/testkit';
import { expectJson } from '../support/expectations';
import * as images from '../support/images';
import { act, follow } from '../support/interactions';
import { multipart } from '../support/media';
import { gqlData } from '../support/graphql';
import { accountOf, expectFresh, expectGone, neighbourhood, readAnonymously, reblogOf, warm, type Neighbourhood } from '../support/read-cache';
import { routes } from '../support/route-table';
import { api, rig } from '../support/server';
import { describeIf } from '../support/targets';

jest.setTimeout(120_000);

/** Routes other work may add: their scenarios run once the facade has them. */
const hasRoute = (method: string, path: string) => routes.some((route) => route.method === method && route.path === path);
const describeIfRoute = (method: string, path: string) => describeIf(hasRoute(method, path));

const int = (value: unknown) => value as number;

/** S's author as embedded in each warmed status that carries them (S, sibling, mention, the boost's reblog). */
const authorAccounts = (bodies: Record<string, JsonObject>) => [
  accountOf(bodies.target as JsonObject),
  accountOf(bodies.sibling as JsonObject),
  accountOf(bodies.mention as JsonObject),
  accountOf(reblogOf(bodies.boost as JsonObject)),
];

describe('favouriting and unfavouriting S', () => {
  let n: Neighbourhood;
  beforeAll(async () => {
    n = await neighbourhood(rig, 'cfav');
  });

  it('shows the new favourites_count in S and in its boost', async () => {
    const before = await warm(api, n.statuses);
    await act(n.actor, n.statuses.target, 'favourite');

    const after = await expectFresh(api, n.statuses);
    expect(after.target?.favourites_count).toBe(int(before.target?.favourites_count) + 1);
    expect(reblogOf(after.boost as JsonObject).favourites_count).toBe(after.target?.favourites_count);
  });

  it('shows the count back down after unfavouriting', async () => {
    const before = await warm(api, n.statuses);
    await act(n.actor, n.statuses.target, 'unfavourite');

    const after = await expectFresh(api, n.statuses);
    expect(after.target?.favourites_count).toBe(int(before.target?.favourites_count) - 1);
    expect(reblogOf(after.boost as JsonObject).favourites_count).toBe(after.target?.favourites_count);
  });
});

describe('boosting and unboosting S', () => {
  let n: Neighbourhood;
  beforeAll(async () => {
    n = await neighbourhood(rig, 'crbl');
  });

  it("shows S's reblogs_count and the booster's statuses_count", async () => {
    const before = await warm(api, n.statuses);
    await act(n.actor, n.statuses.target, 'reblog');

    const after = await expectFresh(api, n.statuses);
    expect(after.target?.reblogs_count).toBe(int(before.target?.reblogs_count) + 1);
    expect(reblogOf(after.boost as JsonObject).reblogs_count).toBe(after.target?.reblogs_count);
    expect(accountOf(after.actorOwn as JsonObject).statuses_count).toBe(int(accountOf(before.actorOwn as JsonObject).statuses_count) + 1);
  });

  it('shows both counts back down after unboosting', async () => {
    const before = await warm(api, n.statuses);
    await act(n.actor, n.statuses.target, 'unreblog');

    const after = await expectFresh(api, n.statuses);
    expect(after.target?.reblogs_count).toBe(int(before.target?.reblogs_count) - 1);
    expect(reblogOf(after.boost as JsonObject).reblogs_count).toBe(after.target?.reblogs_count);
    expect(accountOf(after.actorOwn as JsonObject).statuses_count).toBe(int(accountOf(before.actorOwn as JsonObject).statuses_count) - 1);
  });

  it("shows the first booster's unboost: the boost is gone, the booster's count and S's count go down", async () => {
    const { boost, ...rest } = n.statuses;
    const before = await warm(api, n.statuses);
    await act(n.booster, n.statuses.target, 'unreblog');

    await expectGone(api, { boost });
    const after = await expectFresh(api, rest);
    expect(after.target?.reblogs_count).toBe(int(before.target?.reblogs_count) - 1);
    expect(accountOf(after.boosterOwn as JsonObject).statuses_count).toBe(int(accountOf(before.boosterOwn as JsonObject).statuses_count) - 1);
  });
});

describe('publishing a reply to S', () => {
  it("by S's author shows S's replies_count and the author's statuses_count everywhere the author is embedded", async () => {
    const n = await neighbourhood(rig, 'creply');
    const before = await warm(api, n.statuses);
    const reply = await rig.post(n.author.token, { status: 'A reply to myself', in_reply_to_id: n.statuses.target });

    const after = await expectFresh(api, { ...n.statuses, reply: reply.id });
    expect(after.target?.replies_count).toBe(int(before.target?.replies_count) + 1);
    expect(reblogOf(after.boost as JsonObject).replies_count).toBe(after.target?.replies_count);
    const count = int(accountOf(before.target as JsonObject).statuses_count) + 1;
    expect(authorAccounts(after).map((account) => account.statuses_count)).toEqual([count, count, count, count]);
    expect(authorAccounts(after).map((account) => account.last_status_at)).toEqual(Array(4).fill(accountOf(after.reply as JsonObject).last_status_at));
  });

  it("by another user shows S's replies_count and that user's statuses_count", async () => {
    const n = await neighbourhood(rig, 'creply2');
    const before = await warm(api, n.statuses);
    await rig.post(n.actor.token, { status: `@${n.author.username} a reply`, in_reply_to_id: n.statuses.target });

    const after = await expectFresh(api, n.statuses);
    expect(after.target?.replies_count).toBe(int(before.target?.replies_count) + 1);
    expect(accountOf(after.actorOwn as JsonObject).statuses_count).toBe(int(accountOf(before.actorOwn as JsonObject).statuses_count) + 1);
  });
});

describe('deleting', () => {
  it("S: S and its boost answer 404 at once; the parent's replies_count and the author's statuses_count go down", async () => {
    const n = await neighbourhood(rig, 'cdel');
    const { target, boost, ...rest } = n.statuses;
    const before = await warm(api, n.statuses);
    expectJson(await api.delete(`/api/v1/statuses/${target}`, { token: n.author.token }), 200);

    await expectGone(api, { target, boost });
    const after = await expectFresh(api, rest);
    expect(after.parent?.replies_count).toBe(int(before.parent?.replies_count) - 1);
    const count = int(accountOf(before.sibling as JsonObject).statuses_count) - 1;
    expect([accountOf(after.sibling as JsonObject).statuses_count, accountOf(after.mention as JsonObject).statuses_count]).toEqual([count, count]);
  });

  it("a reply to S: the reply answers 404, S's replies_count and the replier's statuses_count go down", async () => {
    const n = await neighbourhood(rig, 'cdelreply');
    const reply = await rig.post(n.actor.token, { status: 'Replying, then not', in_reply_to_id: n.statuses.target });
    const before = await warm(api, { ...n.statuses, reply: reply.id });
    expectJson(await api.delete(`/api/v1/statuses/${reply.id}`, { token: n.actor.token }), 200);

    await expectGone(api, { reply: reply.id });
    const after = await expectFresh(api, n.statuses);
    expect(after.target?.replies_count).toBe(int(before.target?.replies_count) - 1);
    expect(reblogOf(after.boost as JsonObject).replies_count).toBe(after.target?.replies_count);
    expect(accountOf(after.actorOwn as JsonObject).statuses_count).toBe(int(accountOf(before.actorOwn as JsonObject).statuses_count) - 1);
  });

  it("S's parent: the parent answers 404 and S answers as a fresh read does", async () => {
    const n = await neighbourhood(rig, 'cdelparent');
    const { parent, ...rest } = n.statuses;
    await warm(api, n.statuses);
    expectJson(await api.delete(`/api/v1/statuses/${parent}`, { token: n.parentAuthor.token }), 200);

    await expectGone(api, { parent });
    await expectFresh(api, rest);
  });
});

describe('voting in the poll of S', () => {
  it('shows the votes in S and in its boost', async () => {
    const n = await neighbourhood(rig, 'cvote', 'poll');
    const before = await warm(api, n.statuses);
    const poll = before.target?.poll as JsonObject;
    expectJson(await api.postForm(`/api/v1/polls/${poll.id}/votes`, { choices: ['1'] }, { token: n.actor.token }), 200);

    const after = await expectFresh(api, n.statuses);
    const votes = { votes_count: int(poll.votes_count) + 1, voters_count: int(poll.voters_count) + 1 };
    expect(after.target?.poll).toMatchObject({ ...votes, options: [{ title: 'yes', votes_count: 0 }, { title: 'no', votes_count: 1 }, { title: 'maybe', votes_count: 0 }] });
    expect(reblogOf(after.boost as JsonObject).poll).toEqual(after.target?.poll);
  });
});

describe("following and unfollowing S's author", () => {
  let n: Neighbourhood;
  beforeAll(async () => {
    n = await neighbourhood(rig, 'cfollow');
  });

  it("shows the author's followers_count in every status embedding the author, and the follower's following_count", async () => {
    const before = await warm(api, n.statuses);
    await follow(n.actor, n.author);

    const after = await expectFresh(api, n.statuses);
    const followers = int(accountOf(before.target as JsonObject).followers_count) + 1;
    expect(authorAccounts(after).map((account) => account.followers_count)).toEqual([followers, followers, followers, followers]);
    expect(accountOf(after.actorOwn as JsonObject).following_count).toBe(int(accountOf(before.actorOwn as JsonObject).following_count) + 1);
  });

  it('shows both counts back down after unfollowing', async () => {
    const before = await warm(api, n.statuses);
    expectJson(await api.post(`/api/v1/accounts/${n.author.account.id}/unfollow`, { token: n.actor.token }), 200);

    const after = await expectFresh(api, n.statuses);
    const followers = int(accountOf(before.target as JsonObject).followers_count) - 1;
    expect(authorAccounts(after).map((account) => account.followers_count)).toEqual([followers, followers, followers, followers]);
    expect(accountOf(after.actorOwn as JsonObject).following_count).toBe(int(accountOf(before.actorOwn as JsonObject).following_count) - 1);
  });

  it("shows the booster's followers_count in the boost when the booster gets a follower", async () => {
    const before = await warm(api, n.statuses);
    await follow(n.parentAuthor, n.booster);

    const after = await expectFresh(api, n.statuses);
    const followers = int(accountOf(before.boost as JsonObject).followers_count) + 1;
    expect([accountOf(after.boost as JsonObject).followers_count, accountOf(after.boosterOwn as JsonObject).followers_count]).toEqual([followers, followers]);
    expect(accountOf(after.parent as JsonObject).following_count).toBe(int(accountOf(before.parent as JsonObject).following_count) + 1);
  });
});

describe("S's author answering a follow request, then removing the follower", () => {
  let n: Neighbourhood;
  beforeAll(async () => {
    n = await neighbourhood(rig, 'crequest');
    const locked = await api.send('PATCH', '/api/v1/accounts/update_credentials', { token: n.author.token, contentType: 'application/json', body: JSON.stringify({ locked: true }) });
    expectJson(locked, 200);
    expectJson(await api.post(`/api/v1/accounts/${n.author.account.id}/follow`, { token: n.actor.token }), 200);
  });

  it("authorizing shows the author's new followers_count and the follower's following_count", async () => {
    const before = await warm(api, n.statuses);
    expectJson(await api.post(`/api/v1/follow_requests/${n.actor.account.id}/authorize`, { token: n.author.token }), 200);

    const after = await expectFresh(api, n.statuses);
    const followers = int(accountOf(before.target as JsonObject).followers_count) + 1;
    expect(authorAccounts(after).map((account) => account.followers_count)).toEqual([followers, followers, followers, followers]);
    expect(accountOf(after.actorOwn as JsonObject).following_count).toBe(int(accountOf(before.actorOwn as JsonObject).following_count) + 1);
  });

  it('removing the follower shows both counts back down', async () => {
    const before = await warm(api, n.statuses);
    expectJson(await api.post(`/api/v1/accounts/${n.actor.account.id}/remove_from_followers`, { token: n.author.token }), 200);

    const after = await expectFresh(api, n.statuses);
    const followers = int(accountOf(before.target as JsonObject).followers_count) - 1;
    expect(authorAccounts(after).map((account) => account.followers_count)).toEqual([followers, followers, followers, followers]);
    expect(accountOf(after.actorOwn as JsonObject).following_count).toBe(int(accountOf(before.actorOwn as JsonObject).following_count) - 1);
  });
});

describe('changing the attachment of S (PUT /api/v1/media/:id)', () => {
  it('leaves every anonymous answer equal to a fresh read, whatever the server answers', async () => {
    const n = await neighbourhood(rig, 'cmedia');
    await warm(api, n.statuses);
    const media = n.media as JsonObject;
    const response = await api.send<JsonObject>('PUT', `/api/v1/media/${media.id}`, {
      token: n.author.token,
      body: multipart({ fields: { description: 'Changed after posting', focus: '0.5,-0.5' } }),
    });
    expect(response.status).toBeLessThan(500);

    const after = await expectFresh(api, n.statuses);
    const attachment = (after.target?.media_attachments as JsonObject[])[0] as JsonObject;
    if (response.status === 200) expect(attachment.description).toBe('Changed after posting');
    else expect(attachment.description).toBe('A picture');
  });
});

describe('actions that change nothing an anonymous reader sees', () => {
  it.each([
    ['pin', 'author'],
    ['unpin', 'author'],
    ['bookmark', 'actor'],
    ['unbookmark', 'actor'],
    ['mute', 'author'],
    ['unmute', 'author'],
  ] as const)('%s by the %s leaves every anonymous answer equal to a fresh read', async (action, who) => {
    const n = await neighbourhood(rig, `c${action}`);
    if (action.startsWith('un')) await act(n[who], n.statuses.target, action.slice(2));
    const before = await warm(api, n.statuses);
    const signedIn = await act(n[who], n.statuses.target, action);

    const after = await expectFresh(api, n.statuses);
    expect(after).toEqual(before);
    // The actor's own read shows the flag: signed-in reads are never the anonymous cached answer.
    const flag = { pin: 'pinned', bookmark: 'bookmarked', mute: 'muted' }[action.replace(/^un/, '') as 'pin' | 'bookmark' | 'mute'];
    const mine = await api.get<JsonObject>(`/api/v1/statuses/${n.statuses.target}`, { token: n[who].token });
    expect(mine.headers['x-cache']).toBeUndefined();
    expect(mine.body[flag]).toBe(!action.startsWith('un'));
    expect(signedIn[flag]).toBe(!action.startsWith('un'));
  });
});

describe("actions on S through its boost's id (Mastodon acts on the boosted status)", () => {
  let n: Neighbourhood;
  beforeAll(async () => {
    n = await neighbourhood(rig, 'cviaboost');
  });

  it.each([
    ['favourite', 'favourites_count', 1],
    ['unfavourite', 'favourites_count', -1],
    ['reblog', 'reblogs_count', 1],
  ] as const)('%s shows the new %s in S and in the boost', async (action, field, change) => {
    const before = await warm(api, n.statuses);
    await act(n.actor, n.statuses.boost, action);

    const after = await expectFresh(api, n.statuses);
    expect(after.target?.[field]).toBe(int(before.target?.[field]) + change);
    expect(reblogOf(after.boost as JsonObject)[field]).toBe(after.target?.[field]);
  });

  it('a reply to the boost leaves every anonymous answer equal to a fresh read', async () => {
    await warm(api, n.statuses);
    const reply = await api.postForm<JsonObject>('/api/v1/statuses', { status: 'Replying to a boost', in_reply_to_id: n.statuses.boost }, { token: n.actor.token });
    expect(reply.status).toBeLessThan(500);

    const after = await expectFresh(api, n.statuses);
    expect(accountOf(after.actorOwn as JsonObject).statuses_count).toBe(reply.status === 200 ? accountOf(reply.body).statuses_count : accountOf(after.actorOwn as JsonObject).statuses_count);
  });

  it("deleting the boost by its id (as its booster): the boost is gone, S's reblogs_count and the booster's count go down", async () => {
    const { boost, ...rest } = n.statuses;
    const before = await warm(api, n.statuses);
    expectJson(await api.delete(`/api/v1/statuses/${boost}`, { token: n.booster.token }), 200);

    await expectGone(api, { boost });
    const after = await expectFresh(api, rest);
    expect(after.target?.reblogs_count).toBe(int(before.target?.reblogs_count) - 1);
    expect(accountOf(after.boosterOwn as JsonObject).statuses_count).toBe(int(accountOf(before.boosterOwn as JsonObject).statuses_count) - 1);
  });
});

describe('statuses an anonymous reader cannot see', () => {
  it("publishing and deleting a private and a direct status: the author's cached public statuses show the counts", async () => {
    const n = await neighbourhood(rig, 'chidden');
    const before = await warm(api, n.statuses);
    const hidden = [
      await rig.post(n.author.token, { status: 'Followers only', visibility: 'private' }),
      await rig.post(n.author.token, { status: `@${n.actor.username} only`, visibility: 'direct' }),
    ];

    const published = await expectFresh(api, n.statuses);
    const counted = authorAccounts(published).map((account) => account.statuses_count);
    expect(new Set(counted).size).toBe(1);
    expect(counted[0]).toBeGreaterThan(int(accountOf(before.target as JsonObject).statuses_count));

    await warm(api, n.statuses);
    for (const status of hidden) expectJson(await api.delete(`/api/v1/statuses/${status.id}`, { token: n.author.token }), 200);
    const deleted = await expectFresh(api, n.statuses);
    expect(authorAccounts(deleted).map((account) => account.statuses_count)).toEqual(authorAccounts(before).map((account) => account.statuses_count));
  });
});

describe('writes through the GraphQL API (as internal frontends make them)', () => {
  it('a favourite, a follow and a reply show in the anonymous REST reads', async () => {
    const n = await neighbourhood(rig, 'cgql');
    const before = await warm(api, n.statuses);
    await gqlData('mutation ($id: ID!) { favouriteStatus(input: { statusId: $id }) { status { id } } }', { id: n.statuses.target }, n.actor.token);
    await gqlData('mutation ($id: ID!) { followAccount(input: { accountId: $id }) { relationship { id } } }', { id: n.author.account.id }, n.actor.token);
    await gqlData('mutation ($input: PublishStatusInput!) { publishStatus(input: $input) { status { id } } }', { input: { status: 'via GraphQL', inReplyToId: n.statuses.target } }, n.actor.token);

    const after = await expectFresh(api, n.statuses);
    expect(after.target).toMatchObject({ favourites_count: int(before.target?.favourites_count) + 1, replies_count: int(before.target?.replies_count) + 1 });
    const followers = int(accountOf(before.target as JsonObject).followers_count) + 1;
    expect(authorAccounts(after).map((account) => account.followers_count)).toEqual([followers, followers, followers, followers]);
    expect(accountOf(after.actorOwn as JsonObject)).toMatchObject({
      following_count: int(accountOf(before.actorOwn as JsonObject).following_count) + 1,
      statuses_count: int(accountOf(before.actorOwn as JsonObject).statuses_count) + 1,
    });
  });
});

describe('anonymous reads in flight while writes happen', () => {
  it('never leave a stale answer behind: the read after each write shows it', async () => {
    const n = await neighbourhood(rig, 'crace');
    const { target, boost } = n.statuses;
    await warm(api, { target, boost });

    for (let i = 0; i < 30; i++) {
      // Unfavouriting first outdates the cached answers, so the reads below go through the federation
      // and may fetch the status just before the favourite commits, then fill the cache after it.
      await act(n.actor, target, 'unfavourite');
      // One read of each a little after the write leaves, the delay swept over the rounds: a read that fetched
      // the status before the commit and fills after it must not leave its answer behind as current.
      const delay = (i * 7) % 30;
      const reads = [target, boost].map((id) => new Promise((resolve) => setTimeout(resolve, delay)).then(() => readAnonymously(api, id)));
      await Promise.all([act(n.actor, target, 'favourite'), ...reads]);

      for (const [role, id] of Object.entries({ target, boost })) {
        for (let k = 0; k < 2; k++) {
          const response = await readAnonymously(api, id);
          const status = role === 'boost' ? reblogOf(response.body) : response.body;
          expect({ round: i, role, status: response.status, favourites_count: status.favourites_count }).toEqual({ round: i, role, status: 200, favourites_count: 1 });
        }
      }
    }
    await expectFresh(api, { target, boost });
  });
});

describeIfRoute('put', '/api/v1/statuses/:id')('editing S (PUT /api/v1/statuses/:id)', () => {
  const edit = (token: string, id: string, body: JsonObject) =>
    api.send<JsonObject>('PUT', `/api/v1/statuses/${id}`, { token, body: JSON.stringify(body), contentType: 'application/json' });

  it('shows the new content, spoiler, sensitivity and media description in S and in its boost', async () => {
    const n = await neighbourhood(rig, 'cedit');
    await warm(api, n.statuses);
    const media = n.media as JsonObject;
    const response = await edit(n.author.token, n.statuses.target, {
      status: 'S, edited',
      spoiler_text: 'edited spoiler',
      sensitive: true,
      media_ids: [media.id],
      media_attributes: [{ id: media.id, description: 'An edited picture' }],
    });
    expectJson(response, 200);

    const after = await expectFresh(api, n.statuses);
    expect(after.target).toMatchObject({ content: '<p>S, edited</p>', spoiler_text: 'edited spoiler', sensitive: true, edited_at: expect.any(String) });
    expect(reblogOf(after.boost as JsonObject)).toEqual(after.target);
    // media_attributes is Mastodon 4.1's; where the server ignores it the description stays (the fresh read decides).
    expect((after.target?.media_attachments as JsonObject[])[0]?.description).toBe((response.body.media_attachments as JsonObject[])[0]?.description);
  });

  it("shows a changed poll in S and in its boost", async () => {
    const n = await neighbourhood(rig, 'ceditpoll', 'poll');
    await warm(api, n.statuses);
    const response = await edit(n.author.token, n.statuses.target, { status: 'S with another poll', poll: { options: ['red', 'green'], expires_in: 7200 } });
    expectJson(response, 200);

    const after = await expectFresh(api, n.statuses);
    expect(after.target?.poll).toMatchObject({ options: [{ title: 'red' }, { title: 'green' }] });
    expect(reblogOf(after.boost as JsonObject)).toEqual(after.target);
  });
});

describeIfRoute('patch', '/api/v1/accounts/update_credentials')('PATCH /api/v1/accounts/update_credentials', () => {
  const update = async (token: string, fields: Record<string, string>, avatar = false) => {
    const form = multipart({ fields });
    if (avatar) {
      const image = await images.png(120, 120);
      form.append('avatar', new Blob([image.data], { type: image.contentType }), image.fileName);
    }
    return api.send<JsonObject>('PATCH', '/api/v1/accounts/update_credentials', { token, body: form });
  };

  it("of S's author shows the new profile in every status embedding the author", async () => {
    const n = await neighbourhood(rig, 'cprofile');
    await warm(api, n.statuses);
    const response = await update(
      n.author.token,
      { display_name: 'Renamed Author', note: 'A new note', 'fields_attributes[0][name]': 'Site', 'fields_attributes[0][value]': 'example.org' },
      true,
    );
    expectJson(response, 200);

    const after = await expectFresh(api, n.statuses);
    for (const account of authorAccounts(after)) {
      expect(account).toMatchObject({ display_name: 'Renamed Author', note: expect.stringContaining('A new note'), fields: [expect.objectContaining({ name: 'Site' })] });
      expect(account.avatar).toBe(response.body.avatar);
    }
  });

  it('of the booster shows the new profile in the boost', async () => {
    const n = await neighbourhood(rig, 'cprofileb');
    await warm(api, n.statuses);
    expectJson(await update(n.booster.token, { display_name: 'Renamed Booster' }), 200);

    const after = await expectFresh(api, n.statuses);
    expect([accountOf(after.boost as JsonObject).display_name, accountOf(after.boosterOwn as JsonObject).display_name]).toEqual(['Renamed Booster', 'Renamed Booster']);
  });
});
