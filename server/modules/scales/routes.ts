// §2 mallElectronicWeightManage (issue 11): the scales of the school the request acts in. Reads: any member of a
// school (the receive dialog lists them); suppliers, salesmen, delivery users and bureaus have no scales here (403).
// Writes: the scaleManage power (org admins pass by §6's bypass), decided by the scale decider; the name's
// uniqueness and the count are read under a lock of the org's scope, so two registrations cannot both pass.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import { holdsPower } from '../../http/auth.ts';
import type { Tx } from '../../store/eventStore.ts';
import { decideAndAppend, lockKey, requestCommand, runDecisions } from '../../store/command.ts';
import { streamVersionOf } from '../../store/versions.ts';
import { POWER } from '../permissions/powers.ts';
import * as api from '../../../contracts/scales.ts';
import { scaleDecider, scaleStream, type ScaleCommand } from '../../../domain/aggregates/scale.ts';
import { DEFAULT_BAUD_RATE, SCALE_TEXT, type ScaleProtocol, type ToleranceKind } from '../../../domain/scale.ts';
import { partyOfRequest } from '../../http/parties.ts';

/** Scales are a school's: the platform may look after any org's, the supplier side has none. */
function requireSchool(request: FastifyRequest): void {
  const party = partyOfRequest(request);
  if (party !== 'school' && party !== 'platform') throw forbidden(SCALE_TEXT.mayNotManage);
}
const member = { auth: 'orgApp', guard: requireSchool } as const;
// writing scales needs the scaleManage power too: declared, so a school user without it is refused before the body
// is read (issue 12); the decider keeps its own `allowed` check for the command path
const manager = { auth: 'orgApp', guard: requireSchool } as const;

interface Row {
  id: string; org_id: string; name: string; model: string; protocol: string; baud_rate: number; tolerance_kind: string; tolerance: string;
  enabled: boolean; created_at: Date; updated_at: Date; version: string | null;
}
const view = (r: Row): api.Scale => ({
  id: r.id, orgId: r.org_id, name: r.name, model: r.model, protocol: r.protocol as ScaleProtocol, baudRate: r.baud_rate,
  toleranceKind: r.tolerance_kind as ToleranceKind, tolerance: Number(r.tolerance), enabled: r.enabled,
  createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(), version: Number(r.version ?? 0),
});

export default async function scaleRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  const select = () => db.selectFrom('scales as sc').select([
    'sc.id', 'sc.org_id', 'sc.name', 'sc.model', 'sc.protocol', 'sc.baud_rate', 'sc.tolerance_kind', 'sc.tolerance', 'sc.enabled', 'sc.created_at', 'sc.updated_at',
    streamVersionOf('sc', 'scale', 'id').as('version'),
  ]);
  async function one(orgId: string, id: string): Promise<api.Scale> {
    const row = await select().where('sc.org_id', '=', orgId).where('sc.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(SCALE_TEXT.notFound);
    return view(row as Row);
  }

  /** One scale command in the caller's org, under the org's scale lock, at the version the client read (if sent). */
  const command = (request: OrgAppRequest, scaleId: string, build: (tx: Tx, allowed: boolean) => Promise<ScaleCommand>) => {
    const spec = requestCommand(request, clock());
    return runDecisions(db, async (tx) => {
      await lockKey(tx, 'scale', spec.orgId);
      const allowed = await holdsPower(db, request, POWER.scaleManage);
      return decideAndAppend(tx, { ...spec, streamId: scaleStream(scaleId), streamType: 'scale', decider: scaleDecider, command: await build(tx, allowed) });
    }, spec.expectedVersion === undefined);
  };
  const nameTaken = async (tx: Tx, orgId: string, name: string | undefined, except: string) => name !== undefined
    && !!await tx.selectFrom('scales').select('id').where('org_id', '=', orgId).where('name', '=', name.trim()).where('id', '!=', except).executeTakeFirst();
  const exists = async (tx: Tx, orgId: string, id: string) => {
    if (!await tx.selectFrom('scales').select('id').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst()) throw notFound(SCALE_TEXT.notFound);
  };

  route(app, api.listScales, member, async (request) => {
    let q = select().where('sc.org_id', '=', request.orgApp.orgId);
    if (request.query.enabled !== undefined) q = q.where('sc.enabled', '=', request.query.enabled);
    const rows = (await q.orderBy('sc.name').execute()).map((r) => view(r as Row));
    return ok({ rows, count: rows.length });
  });

  route(app, api.createScale, manager, async (request) => {
    const orgId = request.orgApp.orgId;
    const b = request.body;
    const scaleId = crypto.randomUUID();
    await command(request, scaleId, async (tx, allowed) => ({
      type: 'RegisterScale', allowed,
      count: Number((await tx.selectFrom('scales').select((eb) => eb.fn.countAll<string>().as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow()).n),
      nameTaken: await nameTaken(tx, orgId, b.name, scaleId),
      scale: {
        scaleId, name: b.name, model: b.model ?? '', protocol: b.protocol, baudRate: b.baudRate ?? DEFAULT_BAUD_RATE,
        toleranceKind: b.toleranceKind, tolerance: b.tolerance, enabled: b.enabled ?? true,
      },
    }));
    return ok(await one(orgId, scaleId));
  });

  route(app, api.updateScale, manager, async (request) => {
    const orgId = request.orgApp.orgId;
    const { version: _, ...change } = request.body;
    const id = request.params.id;
    await command(request, id, async (tx, allowed) => {
      await exists(tx, orgId, id);
      return { type: 'ChangeScale', allowed, nameTaken: await nameTaken(tx, orgId, change.name, id), change: { scaleId: id, ...change } };
    });
    return ok(await one(orgId, id));
  });

  route(app, api.deleteScale, manager, async (request) => {
    const orgId = request.orgApp.orgId;
    const id = request.params.id;
    await command(request, id, async (tx, allowed) => {
      await exists(tx, orgId, id);
      return { type: 'RemoveScale', scaleId: id, allowed };
    });
    return ok({ id });
  });
}
