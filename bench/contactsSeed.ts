// 20,000 persons in one new department of 阳光实验小学, through POST /v3/contacts/person/bulk in pages of 5000
// (§9), as the user admin: the data both contacts benches measure.
import { PAGE } from '../domain/constants.ts';
import { apiSession, type BenchServer } from './serverProcess.ts';

export const PERSONS = 20_000;

const SURNAMES = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗'];
const GIVEN = [...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平'];

/** Signs in the user admin of the school and seeds the persons; phone numbers start with `phonePrefix`. */
export async function seedPersons(server: BenchServer, opts: { department: string; phonePrefix: string; extra?: Record<string, unknown> }) {
  const call = await apiSession(server, '13800000009', 'org-ygsy');
  const dept = await call<{ departmentId: string }>('/v3/contacts/department', { method: 'POST', body: { departmentName: `${opts.department}${Date.now()}` } });
  const started = performance.now();
  for (let from = 0; from < PERSONS; from += PAGE.contacts) {
    const persons = Array.from({ length: Math.min(PAGE.contacts, PERSONS - from) }, (_, j) => {
      const i = from + j;
      const name = `${SURNAMES[i % 20]}${GIVEN[Math.floor(i / 20) % 20]}${GIVEN[Math.floor(i / 400) % 20]}`;
      return { name, phoneNumber: `${opts.phonePrefix}${String(i).padStart(8, '0')}`, department: [dept.departmentId], ...opts.extra };
    });
    await call('/v3/contacts/person/bulk', { method: 'POST', body: { persons } });
  }
  return { call, departmentId: dept.departmentId, seedMs: performance.now() - started };
}
