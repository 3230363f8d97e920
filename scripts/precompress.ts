// Vite plugin: after a build, writes a brotli (.br) and a gzip (.gz) copy beside every text asset, so the server
// sends them as they are (@fastify/static preCompressed) instead of compressing on every request or not at all.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // every file at once on libuv's thread pool: brotli at its best quality is seconds of CPU per megabyte, and
    // one file after the other on the main thread left the other core idle (issue 32); the bytes are the same
    async closeBundle() {
      const brotli = promisify(zlib.brotliCompress);
      const gzip = promisify(zlib.gzip);
      await Promise.all([...files(outDir)].filter((file) => TEXT.test(file)).map(async (file) => {
        const content = await fs.promises.readFile(file);
        if (content.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
      }));
    },
  };
}
