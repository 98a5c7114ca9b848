import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The API compiles markdown on worker threads, which run JavaScript only: the pipeline's built
 * worker (pipeline/dist). It is built from the source under test once per run (tsc -b does
 * nothing when it is current).
 */
export default function buildPipeline(): void {
  execFileSync(process.execPath, [
    require.resolve('typescript/bin/tsc'),
    '-b',
    path.join(__dirname, '../../pipeline'),
  ]);
}
