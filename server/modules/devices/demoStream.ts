// The demo's camera stream (issue 33): six seconds of ffmpeg's test pattern (320×180, H.264 in fragmented MP4, a VOD
// HLS playlist; ~57 KB) shipped in server/data/demoStream and served by this server at DEMO_STREAM_PATH. The demo's
// online cameras play it from the console's own origin (the CSP's 'self': no MEDIA_ORIGINS), and the health check
// asks it by reading what is served here, so nothing at run time reaches outside the deployment.
// Served always, not only once demo data is seeded: it is a public test pattern with nothing of any org in it, the
// server cannot tell cheaply whether demo cameras still exist, and an operator may point a camera at it to try the
// wall. The files are read once at start; any other name under the path is the server's ordinary 404.
// The segments are fMP4 (.m4s) rather than MPEG-TS: a `.ts` file under server/ would be taken for TypeScript by tsc,
// eslint and the tests that read the server's sources.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { DEMO_STREAM_PATH, demoStreamPlaylist } from '../../../domain/videoDevice.ts';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../data/demoStream');

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.mp4': 'video/mp4',
  '.m4s': 'video/iso.segment',
};

interface DemoFile { type: string; bytes: Buffer }

/** The served files by name (index.m3u8, init.mp4, segment0.m4s …), read once. */
export const DEMO_STREAM_FILES: ReadonlyMap<string, DemoFile> = new Map(
  (fs.existsSync(DIR) ? fs.readdirSync(DIR) : [])
    .filter((name) => CONTENT_TYPES[path.extname(name)] !== undefined)
    .map((name) => [name, { type: CONTENT_TYPES[path.extname(name)]!, bytes: fs.readFileSync(path.join(DIR, name)) }]),
);

/**
 * The health check of a play URL that is a path of this deployment (domain/videoDevice.ts demoStreamPlaylist): the
 * answer the route below gives, without a request (the guarded outbound fetch stays closed to internal addresses).
 * Null: not such a path (the caller asks the media server).
 */
export function demoStreamProbe(url: string): { online: boolean; detail: string } | null {
  if (!url.startsWith('/')) return null;
  const name = demoStreamPlaylist(url);
  return name && DEMO_STREAM_FILES.has(name) ? { online: true, detail: 'HTTP 200' } : { online: false, detail: 'HTTP 404' };
}

export function registerDemoStream(app: FastifyInstance): void {
  // public like the console's own files: a player fetches the playlist and segments without the API's headers
  app.get<{ Params: { file: string } }>(`${DEMO_STREAM_PATH}:file`, { schema: { hide: true } }, (request, reply) => {
    const file = DEMO_STREAM_FILES.get(request.params.file);
    if (!file) return reply.callNotFound();
    return reply.header('content-type', file.type).header('cache-control', 'public, max-age=3600').send(file.bytes);
  });
}
