/**
 * GET /api/v1/polls/:id: view a poll (public; read:statuses with a token). 200 Poll; 404 when its status is not visible.
 * POST /api/v1/polls/:id/votes: vote (write:statuses, user). 200 Poll; 400 without choices; 404; 422 (Mastodon's VoteValidator).
 * docs/api/polls.md.
 */
import { pollToMastodon } from '../../entities/poll/to-mastodon.js';
import { run, runMutation } from '../../http/context.js';
import { Params, pathParam } from '../../http/params.js';
import { publicScopes, userScopes, type Route } from '../route.js';
import { GetPoll, VoteInPoll } from '../../gql/operations.js';

/** choices[] as indexes (a non-number is no existing option); none at all is the subgraph's 400, after the token check. */
function choicesParam(params: Params): number[] {
  const raw = (params.stringArray('choices') ?? []).filter((choice) => choice.trim() !== '');
  return raw.map((choice) => (/^\s*\d{1,9}\s*$/.test(choice) ? Number(choice) : -1));
}

export const pollRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/polls/:id',
    scopes: publicScopes('read:statuses'),
    doc: { summary: 'A poll', responds: 'Poll' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetPoll, { id: pathParam(req, 'id') });
      res.json(pollToMastodon(data.poll));
    },
  },
  {
    method: 'post',
    path: '/api/v1/polls/:id/votes',
    scopes: userScopes('write:statuses'),
    doc: { summary: 'Vote in a poll', responds: 'Poll', params: { choices: 'string[]!' } },
    async handle(services, req, res) {
      const choices = choicesParam(Params.of(req));
      const { poll } = await runMutation(services, req, res, VoteInPoll, { input: { pollId: pathParam(req, 'id'), choices } }, 'voteInPoll');
      res.json(pollToMastodon(poll));
    },
  },
];
