// Contacts at scale (§9): seeds 20,000 persons into one org through POST /v3/contacts/person/bulk (pages of
// 5000), then times what the console does: the first page of 5000, then, the first page being full, the
// next three pages in parallel; and a pinyin search. Run alone: node --import tsx bench/contacts.ts
import { fileURLToPath } from 'node:url';
import { api, percentile, startServerProcess, type BenchServer } from './serverProcess.ts';
import type { LoginResult, ListResult, OrgApp } from '../domain/types.ts';
import { PAGE } from '../domain/constants.ts';

const PERSONS = 20_000;
const ROUNDS = 5;

export async function benchContacts(server: BenchServer) {
  const login = await api<LoginResult>(`${server.url}/v1/passport/login`, {
    method: 'POST', body: JSON.stringify({ username: '13800000009', password: process.env.DEMO_PASSWORD ?? 'demo1234' }),
  });
  const token = login.accesstoken;
  const orgApps = await api<ListResult<OrgApp>>(`${server.url}/v2/users/org/app`, { token });
  const school = orgApps.rows.find((o) => o.orgId === 'org-ygsy') ?? orgApps.rows[0];
  const { key } = await api<{ key: string }>(`${server.url}/v1/token/orgappkey/encrypt`, {
    method: 'POST', token, body: JSON.stringify({ orgId: school.orgId, appId: school.appId }),
  });
  const call = <T>(path: string, init: { method?: string; body?: unknown } = {}) => api<T>(`${server.url}${path}`, {
    method: init.method ?? 'GET', token, key, ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  const dept = await call<{ departmentId: string }>('/v3/contacts/department', { method: 'POST', body: { departmentName: `压测部门${Date.now()}` } });
  const surnames = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗'];
  const given = [...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平'];
  const seedStarted = performance.now();
  for (let from = 0; from < PERSONS; from += PAGE.contacts) {
    const persons = Array.from({ length: Math.min(PAGE.contacts, PERSONS - from) }, (_, j) => {
      const i = from + j;
      return { name: `${surnames[i % 20]}${given[Math.floor(i / 20) % 20]}${given[Math.floor(i / 400) % 20]}`, phoneNumber: `139${String(i).padStart(8, '0')}`, department: [dept.departmentId] };
    });
    await call('/v3/contacts/person/bulk', { method: 'POST', body: { persons } });
  }
  const seedMs = performance.now() - seedStarted;

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
