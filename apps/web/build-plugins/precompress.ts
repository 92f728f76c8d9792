import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the browser downloads; images and fonts are compressed formats already. */
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** The server's own threshold (plugins/compression.ts): smaller files go out as they are. */
const MIN_BYTES = 1_024;

async function filesUnder(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) files.push(...(await filesUnder(full)));
    else files.push(full);
  }
  return files;
}

/**
 * Writes a Brotli (quality 11) and a gzip (level 9) copy beside every text file of the build, once,
 * so the server sends them without compressing per request (@fastify/static `preCompressed`).
 * A copy that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let failed = false;
  return {
    name: 'rudy-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildEnd(error) {
      failed = error !== undefined;
    },
    renderError() {
      failed = true;
    },
    async closeBundle() {
      // A failed build has no output to compress: its own error is the one to show.
      if (failed) return;
      const files = (await filesUnder(outDir)).filter((f) => TEXT.test(f));
      await Promise.all(
        files.map(async (file) => {
          const body = await fs.readFile(file);
          if (body.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzip(body, { level: 9 }),
          ]);
          if (br.length < body.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < body.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
