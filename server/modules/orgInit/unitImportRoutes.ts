// uploadUnit 单位导入 (issue 35): the platform, or a bureau for its own area, creates many schools at once. Each row
// is one org made by createOrgFromTemplate exactly as POST /v3/orgappinit/create makes one (template's menus, role
// groups, roles, departments, config; the admin with the deployment's initial password and a forced change), in its
// own transaction: a row is made whole or not at all, and a bad row does not stop the others. The console sends the
// sheet in batches (progress) and gets each row's outcome (the report).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { forbidden, HttpError } from '../../http/errors.ts';
import { refusalTexts } from '../../http/errorHandler.ts';
import { runDecisions } from '../../store/command.ts';
import { hashPassword } from '../../auth/password.ts';
import { isBureau, isPlatform, orgFacts } from '../../http/parties.ts';
import { unitRowErrors, UNIT_IMPORT_BATCH, UNIT_NAME_MAX, type UnitImporter, type UnitRow } from '../../../domain/unitImport.ts';
import { createOrgFromTemplate } from './routes.ts';

const tags = ['orgInit'];

/** The platform, or the bureau (4) of a bureau org: the importers of schools. */
export function requireUnitImporter(request: FastifyRequest): void {
  if (isPlatform(request) || isBureau(request)) return;
  throw forbidden('只有平台或教育局可以导入单位');
}

/** What the caller may import: anywhere (the platform), or his bureau's area; a bureau without one imports nothing. */
async function importerOf(db: ModuleContext['db'], request: FastifyRequest): Promise<UnitImporter> {
  if (isPlatform(request)) return { platform: true };
  const org = await orgFacts(db, request.orgApp!.orgId);
  if (!org?.area) throw forbidden('本机构未设置区域，不能导入单位');
  return { platform: false, area: org.area };
}

const str = { type: 'string' } as const;

export default async function unitImportRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  const importer = { auth: 'orgApp', guard: requireUnitImporter } as const;

  app.get('/v3/orgappinit/import/template', {
    config: importer,
    schema: {
      tags, summary: 'The init templates a unit import may make schools from (enabled ones; id and name only)',
      response: { 200: listSchema({ type: 'object', properties: { id: str, name: str } }) },
    },
  }, async () => {
    const rows = await db.selectFrom('org_init_templates').select(['id', 'name']).where('disabled', '=', false).orderBy('created_at').orderBy('id').execute();
    return list(rows);
  });

  app.get('/v3/orgappinit/import/area', {
    config: importer,
    schema: { tags, summary: 'Where the caller imports: any area (the platform) or his bureau\'s', response: { 200: envelopeSchema({ type: 'object', properties: { platform: { type: 'boolean' }, area: str } }) } },
  }, async (request) => {
    const who = await importerOf(db, request);
    return ok(who.platform ? { platform: true, area: '' } : { platform: false, area: who.area });
  });

  app.post<{ Body: { templateId: string; rows: UnitRow[] } }>('/v3/orgappinit/import', {
    config: importer,
    schema: {
      tags,
      summary: `Create schools from rows (at most ${UNIT_IMPORT_BATCH * 5} a request), each as POST /v3/orgappinit/create does, each whole or not at all; every row's outcome`,
      body: {
        type: 'object', additionalProperties: false, required: ['templateId', 'rows'],
        properties: {
          templateId: { type: 'string', minLength: 1, maxLength: 128 },
          rows: {
            type: 'array', minItems: 1, maxItems: UNIT_IMPORT_BATCH * 5,
            items: {
              type: 'object', additionalProperties: false, required: ['orgName', 'adminPhone'],
              properties: {
                orgName: { type: 'string', maxLength: UNIT_NAME_MAX * 2 }, adminPhone: { type: 'string', maxLength: 32 }, adminName: { type: 'string', maxLength: 64 },
                area: { type: 'string', maxLength: 64 }, expiration: { type: 'string', maxLength: 32 },
              },
            },
          },
        },
      },
      response: {
        200: listSchema({ type: 'object', properties: { row: { type: 'integer' }, orgName: str, orgId: str, adminPhone: str, area: str, error: str } }),
      },
    },
  }, async (request, reply) => {
    const who = await importerOf(db, request);
    const text = refusalTexts(reply);
    const passwordHash = await hashPassword(ctx.settings.defaultPassword);
    const out: { row: number; orgName: string; adminPhone: string; area: string; orgId?: string; error?: string }[] = [];
    for (const [i, row] of request.body.rows.entries()) {
      const area = who.platform ? (row.area ?? '').trim() : who.area;
      const base = { row: i, orgName: row.orgName.trim(), adminPhone: row.adminPhone.trim(), area };
      // a name given twice: the second row meets the first's org and is refused as taken
      const errs = unitRowErrors(row, who);
      if (errs.length) { out.push({ ...base, error: errs.map(text).join('；') }); continue; }
      try {
        // what an import makes is a school, whoever imports it; its area is the row's (platform) or the bureau's
        const made = await runDecisions(db, (tx) => createOrgFromTemplate(tx, request, ctx.clock(), passwordHash, {
          templateId: request.body.templateId, orgName: row.orgName, adminPhone: row.adminPhone, adminName: row.adminName, expiration: row.expiration ?? null,
          orgType: 'formal', kind: 'school', area,
        }));
        out.push({ ...base, orgId: made.orgId });
      } catch (e) {
        // a refusal is the row's outcome; anything else is a bug and answers 500
        if (!(e instanceof HttpError)) throw e;
        out.push({ ...base, error: text(e.message) });
      }
    }
    return list(out);
  });
}
