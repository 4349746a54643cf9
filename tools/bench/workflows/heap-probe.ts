/**
 * Preloaded into the platform's process by bench:workflows (`--expose-gc --require heap-probe.js`),
 * nothing of the app's own: on SIGUSR2 it collects garbage (twice: a full GC can leave what the
 * first one's finalisers freed) and writes V8's heap statistics and the process's memory after it
 * to BENCH_HEAP_PROBE_FILE, so the bench can tell live objects (the heap after a GC) from pages the
 * heap or the allocator keep (RSS).
 */
import { writeFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';

const file = process.env.BENCH_HEAP_PROBE_FILE;
const gc = (globalThis as { gc?: () => void }).gc;
let probes = 0;

if (file && gc) {
  process.on('SIGUSR2', () => {
    gc();
    gc();
    const heap = getHeapStatistics();
    const memory = process.memoryUsage();
    writeFileSync(
      file,
      JSON.stringify({
        probe: ++probes,
        usedHeapBytes: heap.used_heap_size,
        totalHeapBytes: heap.total_heap_size,
        mallocedBytes: heap.malloced_memory,
        externalBytes: memory.external,
        arrayBuffersBytes: memory.arrayBuffers,
        rssBytes: memory.rss,
        nativeContexts: heap.number_of_native_contexts,
        detachedContexts: heap.number_of_detached_contexts,
      }),
    );
  });
}
