// GET /api/v1/streaming/health. docs/api/streaming.md#streams.
import { api } from '../../../support/server';
import { describeOnAnyOneTarget } from '../../../support/targets';

describeOnAnyOneTarget('GET /api/v1/streaming/health', () => {
  describe('without a token', () => {
    it('answers 200 text/plain OK', async () => {
      const response = await api.get('/api/v1/streaming/health');

      expect({ status: response.status, type: response.headers['content-type'], body: response.text }).toEqual({
        status: 200,
        type: expect.stringMatching(/^text\/plain/),
        body: 'OK',
      });
    });
  });
});
