import path from 'node:path';
import { sampleProjects } from '../sample-content/sample-content';
import { buildSampleMedia } from '../sample-content/sample-media';

// Run by `npm run build`: renders the sample projects' pictures into the given folder, once
// (later builds reuse them until the drawing or the encoder settings change).
const dir = path.resolve(process.argv[2] ?? 'dist/sample-media');
const started = Date.now();
const rendered = await buildSampleMedia(
  dir,
  sampleProjects.map((p) => p.scene),
  (line) => console.log(`  ${line}`),
);
console.log(
  rendered > 0
    ? `sample pictures rendered into ${path.relative(process.cwd(), dir)} (${rendered} in ${((Date.now() - started) / 1000).toFixed(1)} s)`
    : 'sample pictures up to date',
);
