import { PreparedEvent } from './events.js';

describe('PreparedEvent', () => {
  it('frames SSE as event and data lines and a blank line', () => {
    expect(new PreparedEvent('delete', '109').sseFrame().toString()).toBe('event: delete\ndata: 109\n\n');
    expect(new PreparedEvent('filters_changed', null).sseFrame().toString()).toBe('event: filters_changed\ndata: undefined\n\n');
  });

  it('frames WebSocket with the stream array and the payload as a JSON string', () => {
    expect(new PreparedEvent('update', '{"id":"1"}').wsFrame('["hashtag","tea"]').toString()).toBe('{"stream":["hashtag","tea"],"event":"update","payload":"{\\"id\\":\\"1\\"}"}');
    expect(JSON.parse(new PreparedEvent('filters_changed', null).wsFrame('["user"]').toString())).toEqual({ stream: ['user'], event: 'filters_changed' });
  });

  it('builds each frame once however many connections send it', () => {
    const event = new PreparedEvent('update', '{}');
    expect(event.sseFrame()).toBe(event.sseFrame());
    expect(event.wsFrame('["public"]')).toBe(event.wsFrame('["public"]'));
  });
});
