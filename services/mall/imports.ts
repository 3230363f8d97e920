// All-or-nothing Excel imports through a server-side import session (§9 price upload batches of 60): open a
// session, POST the rows batch by batch (each batch is checked by the server and staged; row errors come back at
// once), then commit: the server appends every price or product of the import in one transaction. On any error
// the session is discarded, so nothing is half-imported.
import { BATCH } from '../../domain/constants.ts';
import { ApiError, del, host, post } from '../http.ts';
import { chunk, type BatchProgress } from '../batch.ts';

export interface RowError { row: number; skuId?: string; errors: string[] }

/** A refused import: the server's text and its row-level errors (rows numbered as in the sheet). */
export class ImportError extends Error {
  readonly rows: RowError[];
  constructor(message: string, rows: RowError[]) {
    super(message);
    this.name = 'ImportError';
    this.rows = rows;
  }
}

export interface PriceImportRow {
  row: number; skuId: string; roleGroupId: string; price: number | string; startDate?: string | null; endDate?: string | null; marketAvg?: number | string | null;
}
export interface ProductImportRow {
  row: number; name: string; categoryId?: string | null; categoryName?: string | null; unit?: string; priceClass?: string | null; rawRipe?: 'raw' | 'ripe';
  isPackage?: number; skus?: { name: string; spec?: string; unit: string }[];
}

type Method = 'post' | 'put';

/**
 * Keeps the row errors of a refused envelope (data.errors: every refused row with its reasons, in the user's
 * language), which ApiError does not carry: pass `options` to the call, read `rows()` after it failed.
 */
export function rowErrorsOf(): { options: { transformResponse: ((raw: unknown) => unknown)[] }; rows: () => RowError[] | undefined } {
  let envelope: unknown = null;
  const transformResponse = [(raw: unknown) => {
    let parsed: unknown = raw;
    if (typeof raw === 'string') {
      try { parsed = JSON.parse(raw); } catch { parsed = raw; }
    }
    envelope = parsed;
    return parsed;
  }];
  const rows = () => {
    const errors = (envelope as { data?: { errors?: unknown } | null } | null)?.data?.errors;
    return Array.isArray(errors) ? errors as RowError[] : undefined;
  };
  return { options: { transformResponse }, rows };
}

/** A call that keeps the row errors of a refused envelope (data.errors). */
async function sendRows<T>(method: Method, url: string, body: unknown, timeout = 60_000): Promise<T> {
  const captured = rowErrorsOf();
  try {
    const res = await host('mall')[method](url, body, { timeout, ...captured.options });
    return (res.data as { data: T }).data;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    throw new ImportError(e.statusText || e.message, captured.rows() ?? []);
  }
}
const postRows = <T>(url: string, body: unknown, timeout?: number) => sendRows<T>('post', url, body, timeout);
/** A commit writes the whole import in one transaction (10,000 prices: about a minute; bench/pricesImport.ts). */
const COMMIT_TIMEOUT_MS = 10 * 60_000;

interface Session { id: string; batchSize: number }

async function runImport<R>(
  base: string, sessionBody: object, rows: unknown[], field: string, onProgress?: (p: BatchProgress) => void, signal?: AbortSignal,
): Promise<R> {
  const session = await post<Session>(`${base}/session`, sessionBody, { host: 'mall' });
  const batches = chunk(rows, BATCH.priceUpload);
  const total = batches.length + 1;
  try {
    for (const [i, batch] of batches.entries()) {
      if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
      await postRows(`${base}/session/${session.id}`, { [field]: batch });
      onProgress?.({ done: i + 1, total });
    }
    const result = await postRows<R>(`${base}/session/${session.id}/commit`, {}, COMMIT_TIMEOUT_MS);
    onProgress?.({ done: total, total });
    return result;
  } catch (e) {
    await del(`${base}/session/${session.id}`, undefined, { host: 'mall' }).catch(() => undefined);
    throw e;
  }
}

/** Imports prices: batches of 60 staged, one commit; all or nothing. */
export function importPrices(
  rows: PriceImportRow[], opts: { remark?: string; eduOrgId?: string; delPriceIds?: string[]; onProgress?: (p: BatchProgress) => void; signal?: AbortSignal } = {},
): Promise<{ count: number; deleted: number; ids: string[] }> {
  const { onProgress, signal, ...body } = opts;
  return runImport('/v5/mall/sku/importprice', body, rows, 'skuPrice', onProgress, signal);
}

/** Imports products with their SKUs: batches staged, one commit; all or nothing. */
export function importProducts(
  rows: ProductImportRow[], opts: { file?: string; onProgress?: (p: BatchProgress) => void; signal?: AbortSignal } = {},
): Promise<{ created: number; updated: number; skus: number }> {
  const { onProgress, signal, ...body } = opts;
  return runImport('/v4/mall/import/product', body, rows, 'products', onProgress, signal);
}

/** §7 bulk SKU create (POST) or update (PUT), all or nothing. */
export async function bulkSkus(skus: { skuId?: string; productId?: string; name?: string; spec?: string; unit?: string; sort?: number }[], update: boolean) {
  return update
    ? sendRows<{ rows: unknown[]; count: number }>('put', '/v4/mall/bulk/productsku', { skus })
    : sendRows<{ rows: unknown[]; count: number }>('post', '/v4/mall/bulk/productsku', { skus });
}
