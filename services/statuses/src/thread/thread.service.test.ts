import type { StatusRecord } from '../status/status.data.js';
import { promoteSelfReplies } from './thread.service.js';

/** A reply by `author` to `to`. */
const reply = (id: number, author: number, to: number) => ({ id: BigInt(id), accountId: BigInt(author), inReplyToAccountId: BigInt(to) }) as StatusRecord;

describe('promoteSelfReplies', () => {
  it("moves self-replies ahead of others' replies, keeping each group's order (ThreadingConcern#promote_by!)", () => {
    const statuses = [reply(1, 2, 1), reply(2, 1, 2), reply(3, 1, 1), reply(4, 1, 1), reply(5, 3, 1)];
    expect(promoteSelfReplies(statuses).map((s) => Number(s.id))).toEqual([3, 4, 1, 2, 5]);
  });

  it('keeps a list that starts with its self-replies as it is', () => {
    const statuses = [reply(1, 1, 1), reply(2, 2, 1)];
    expect(promoteSelfReplies(statuses).map((s) => Number(s.id))).toEqual([1, 2]);
  });
});
