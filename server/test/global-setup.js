// The API compiles markdown on worker threads, which run JavaScript only: the pipeline's built
// worker (pipeline/dist). Build it from the source under test once per run (tsc -b does nothing
// when it is current).
const { execFileSync } = require('node:child_process');
const path = require('node:path');

module.exports = async function buildPipeline() {
  execFileSync(process.execPath, [
    require.resolve('typescript/bin/tsc'),
    '-b',
    path.join(__dirname, '../../pipeline'),
  ]);
};
