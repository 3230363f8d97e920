// Issue 34: which orgs run a storefront for members. A fresh-fruit org sells to parents; a school may run its own
// (a canteen mall, its activities); a trial org practises it. The platform, suppliers, delivery companies and bureaus
// sell to schools, not to members: their callers are refused the mall's operator routes whatever powers they hold.
import type { OrgKind } from '../orgKind.ts';

export const MALL_ORG_KINDS: readonly string[] = ['fruit', 'school', 'trial'];

export const runsMall = (kind: OrgKind | string) => MALL_ORG_KINDS.includes(kind);

export const MALL_ORG_TEXT = { notMallOrg: '该机构不经营会员商城' } as const;
