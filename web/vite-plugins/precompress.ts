import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Writes `<file>.gz` and `<file>.br` beside a built text file, at the strongest levels. */
export function precompressFile(file: string): void {
  const data = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

/**
 * Writes .br and .gz beside every text asset of the build, so a static server that serves
 * precompressed files (@fastify/static's `preCompressed`) sends them without compressing per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cafe-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
      for (const file of walk(outDir)) {
        if (/\.(js|css|html|svg|json)$/.test(file) && statSync(file).size >= 1024) precompressFile(file);
      }
    },
  };
}
