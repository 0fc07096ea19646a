/**
 * GET /api/v1/markers (read or read:statuses, user): timeline[] (home, notifications). 200 {timeline: Marker},
 *   only the timelines asked for that have a saved marker ({} when none).
 * POST /api/v1/markers (write or write:statuses, user): home[last_read_id], notifications[last_read_id] (form or JSON).
 *   200 {timeline: Marker} for the timelines saved; each change adds one to version. 422 "Validation failed: Last read
 *   can't be blank" for a timeline without a valid id. Mastodon's Api::V1::MarkersController.
 */
import { markersToMastodon, markerTimelinesOf } from '../../entities/marker/to-mastodon.js';
import { run, runMutation } from '../../http/context.js';
import { Params } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { GetMarkers, SaveMarkers } from '../../gql/operations.js';

/** `home[last_read_id]=...` or `{"home": {"last_read_id": ...}}`; null when the timeline is not given. */
function position(params: Params, timeline: string): { lastReadId: string | null } | null {
  const nested = params.nested(timeline);
  if (!nested) return null;
  return { lastReadId: nested.string('last_read_id') ?? null };
}

export const markerRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/markers',
    scopes: userScopes('read:statuses'),
    doc: { summary: 'Your saved read positions', responds: 'Markers', params: { timeline: 'string[]' } },
    async handle(services, req, res) {
      const timelines = markerTimelinesOf(Params.of(req).stringArray('timeline') ?? []);
      const data = await run(services, req, res, GetMarkers, { timelines });
      res.json(markersToMastodon(data.markers));
    },
  },
  {
    method: 'post',
    path: '/api/v1/markers',
    scopes: userScopes('write:statuses'),
    doc: { summary: 'Save read positions', responds: 'Markers', params: { home: 'object', notifications: 'object' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const input = { home: position(params, 'home'), notifications: position(params, 'notifications') };
      const { markers } = await runMutation(services, req, res, SaveMarkers, { input }, 'saveMarkers');
      res.json(markersToMastodon(markers));
    },
  },
];
