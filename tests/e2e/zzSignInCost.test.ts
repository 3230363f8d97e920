import { it } from 'vitest';
import { enterHomeAs, signInToHome, useConsole } from '../support/console.ts';
const h = useConsole();
it('times both ways in', async () => {
  const t: Record<string, number[]> = { form: [], api: [] };
  for (let i = 0; i < 6; i += 1) {
    for (const [name, fn] of [['form', signInToHome], ['api', enterHomeAs]] as const) {
      const ctx = await h.browser.context.browser()!.newContext({ viewport: { width: 1366, height: 860 }, locale: 'zh-CN' });
      const page = await ctx.newPage();
      const s = performance.now();
      await fn(page, h.server.url, '13800000008');
      t[name].push(performance.now() - s);
      await ctx.close();
    }
  }
  console.log('SIGNIN', JSON.stringify(Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.map(Math.round)]))));
});
