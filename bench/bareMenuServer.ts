// The baseline of bench/menuLoad.ts: the menu endpoint's own two queries (the caller, then the menu), through
// bare `pg` and `node:http`, answered as the same JSON envelope. No framework, no validation, no hooks: what
// the endpoint would cost if the server did nothing but its SQL. Run as its own process, as the server is.
// argv: port; env BARE_MENU: {databaseUrl, caller: {sql, parameters}, menu: {sql, parameters}}.
import http from 'node:http';
import pg from 'pg';
import { sortMenu } from '../domain/menuTree.ts';

interface Query { sql: string; parameters: unknown[] }
const { databaseUrl, caller, menu } = JSON.parse(process.env.BARE_MENU ?? '{}') as { databaseUrl: string; caller: Query; menu: Query };
const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });

/** As the server's store does (server/store/database.ts preparedMarker): a marked statement is prepared once. */
const run = <R extends pg.QueryResultRow>(q: Query) => {
  const name = /^\/\* prepared:([\w-]+) \*\//.exec(q.sql)?.[1];
  return pool.query<R>(name ? { name, text: q.sql, values: q.parameters } : { text: q.sql, values: q.parameters });
};

interface MenuRow { permission_id: string; module_id: string; parent_id: string; module_name: string; group_name: string; sort: number; enable: boolean; extra_info: unknown }

const server = http.createServer((req, res) => {
  void (async () => {
    try {
      const who = await run(caller);
      if (!who.rows.length) throw new Error('no caller');
      const { rows } = await run<MenuRow>(menu);
      const entries = sortMenu(rows.map((r) => ({
        id: r.permission_id, moduleId: r.module_id, parentId: r.parent_id, moduleName: r.module_name, groupName: r.group_name,
        sort: r.sort, enable: r.enable, extraInfo: (r.extra_info ?? {}) as Record<string, unknown>,
      })));
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ status_code: 200, status_text: 'OK', data: { rows: entries, count: entries.length } }));
    } catch (e) {
      res.writeHead(500);
      res.end(String(e));
    }
  })();
});
server.listen(Number(process.argv[2]), '127.0.0.1', () => console.log('bare menu server ready'));
process.on('SIGTERM', () => { server.close(); void pool.end().then(() => process.exit(0)); });
