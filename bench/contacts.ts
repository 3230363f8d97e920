// Contacts at scale (§9): seeds 20,000 persons into one org through POST /v3/contacts/person/bulk (pages of
// 5000), then times what the console does: the first page of 5000, then, the first page being full, the
// next three pages in parallel; and a pinyin search. Run alone: node --import tsx bench/contacts.ts
import { fileURLToPath } from 'node:url';
import { percentile, startServerProcess, type BenchServer } from './serverProcess.ts';
import { seedPersons } from './contactsSeed.ts';
import { PAGE } from '../domain/constants.ts';

const ROUNDS = 5;

export async function benchContacts(server: BenchServer) {
  const { call, departmentId, seedMs } = await seedPersons(server, { department: '压测部门', phonePrefix: '139' });
  const dept = { departmentId };

  const page = (skip: number) => call<unknown[]>(`/v3/contacts/person?departmentId=${dept.departmentId}&$limit=${PAGE.contacts}&$skip=${skip}`);
  const firstPage: number[] = [];
  const allPages: number[] = [];
  const search: number[] = [];
  let rows = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const first = await page(0);
    firstPage.push(performance.now() - started);
    // §9: when the first page is full, three more pages in parallel, until a page comes back short
    let all = first.length;
    let skip = PAGE.contacts;
    let full = first.length === PAGE.contacts;
    while (full) {
      const pages = await Promise.all(Array.from({ length: PAGE.contactsParallelPages }, (_, i) => page(skip + i * PAGE.contacts)));
      all += pages.reduce((n, p) => n + p.length, 0);
      full = pages.every((p) => p.length === PAGE.contacts);
      skip += PAGE.contactsParallelPages * PAGE.contacts;
    }
    allPages.push(performance.now() - started);
    rows = all;
    const s = performance.now();
    await call<unknown[]>('/v3/contacts/person?search=wfn');
    search.push(performance.now() - s);
  }
  return {
    persons: rows,
    seedSeconds: +(seedMs / 1000).toFixed(1),
    firstPageP50Ms: +percentile(firstPage, 50).toFixed(1),
    allPagesP50Ms: +percentile(allPages, 50).toFixed(1),
    pinyinSearchP50Ms: +percentile(search, 50).toFixed(1),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServerProcess();
  try {
    console.log(JSON.stringify(await benchContacts(server), null, 2));
  } finally {
    await server.stop();
  }
}
