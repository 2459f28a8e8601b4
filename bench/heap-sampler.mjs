/**
 * Preloaded into the server by `BENCH_PROFILE_HEAP=1 bench/profile.ts` (`node --import`):
 * V8's sampling heap profiler, started and stopped by SIGUSR2, counting the objects already
 * collected too (what a scavenge frees is what a request allocates and drops). At the stop
 * the profile (V8's SamplingHeapProfile, bytes per call frame) is written to
 * HEAP_PROFILE_OUT: to a temporary name, then renamed, so a reader never sees half of it.
 */
import fs from 'node:fs';
import inspector from 'node:inspector';

const session = new inspector.Session();
session.connect();
const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
let sampling = false;

process.on('SIGUSR2', async () => {
  sampling = !sampling;
  if (sampling) {
    await post('HeapProfiler.enable');
    // One sample per 4 KB allocated on average, not V8's 32 KB: a request allocates tens of KB (docs/design.md, "Profiles before changes").
    await post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    return;
  }
  const { profile } = await post('HeapProfiler.stopSampling');
  const out = process.env.HEAP_PROFILE_OUT;
  fs.writeFileSync(`${out}.part`, JSON.stringify(profile));
  fs.renameSync(`${out}.part`, out);
});
