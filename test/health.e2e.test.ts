import { api } from './support/server';
import { describeOnAnyOneTarget } from './support/targets';

describeOnAnyOneTarget('GET /health', () => {
  describe('when the server is up', () => {
    it('answers 200 text/plain OK', async () => {
      const response = await api.get('/health');

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.text).toBe('OK');
    });
  });
});
