// §9 batches: chunked, bounded-parallel calls (e.g. SKU by id: 60 per request, 3 in parallel).

/** Splits `items` into consecutive pieces of at most `size` (size < 1 is treated as 1). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const n = Math.max(1, Math.floor(size));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += n) out.push(items.slice(i, i + n));
  return out;
}

export interface BatchProgress {
  done: number;
  total: number;
}

/**
 * Calls `fn` once per chunk of `size` items with at most `parallel` calls in flight; results come back in
 * chunk order. The first failure rejects (calls already started finish, no new ones start).
 */
export async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  parallel: number,
  fn: (batch: T[], index: number) => Promise<R>,
  onProgress?: (progress: BatchProgress) => void,
): Promise<R[]> {
  const batches = chunk(items, size);
  const results = new Array<R>(batches.length);
  let next = 0;
  let done = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < batches.length) {
      const index = next++;
      try {
        results[index] = await fn(batches[index], index);
      } catch (err) {
        failed = true;
        throw err;
      }
      done += 1;
      onProgress?.({ done, total: batches.length });
    }
  };
  const workers = Array.from({ length: Math.min(Math.max(1, Math.floor(parallel)), batches.length) }, worker);
  await Promise.all(workers);
  return results;
}
