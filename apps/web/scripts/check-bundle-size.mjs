// Adds up the gzipped JavaScript the home route needs (entry, root layout, home screen and their
// static imports) from the Vite manifest, and fails above the budget. Run after `vite build`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const roots = ['index.html', 'src/app/routes/root/root-layout.tsx', 'src/app/routes/home/home.tsx'];

const seen = new Set();
function visit(key) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the manifest: ${key}`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) visit(dep);
}
roots.forEach(visit);

let total = 0;
for (const key of seen) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(join(dist, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const totalKb = total / 1024;
console.log(
  `${totalKb.toFixed(1).padStart(7)} KB  home route JS, gzipped (budget ${BUDGET_KB} KB)`,
);
if (totalKb > BUDGET_KB) process.exit(1);
