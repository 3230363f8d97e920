// §7 datetime calls as replays (see replay.ts): the server's clock and the holiday calendar.
import { signIn, DEMO, SCHOOL_A } from '../usersApi.ts';
import type { Replay } from './replay.ts';

export const replays: Replay[] = [
  { call: 'GET /v1/datetime', request: () => ({ path: '/v1/datetime' }) },
  {
    call: 'GET /v1/datetime/holidays',
    request: async ({ server }) => ({ as: await signIn(server, DEMO.purchaser, SCHOOL_A), path: '/v1/datetime/holidays', query: { date: '2026-10' } }),
  },
];
