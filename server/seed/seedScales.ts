// Demo scales (issue 11, mallElectronicWeightManage), inside seedDemo's transaction: each demo school registers a
// simulated scale, so receiving on a scale can be shown and tested in any browser (a real one needs Web Serial
// and a cable). Through the scale decider, like a purchaser's registration. Idempotent: a school with scales is left alone.
import crypto from 'node:crypto';
import type { EventMeta, Tx } from '../store/eventStore.ts';
import { decideAndAppend } from '../store/command.ts';
import { scaleDecider, scaleStream } from '../../domain/aggregates/scale.ts';
import { DEFAULT_BAUD_RATE } from '../../domain/scale.ts';
import { MALL_SCHOOL_ORGS } from './seedMall.ts';

/** The demo scale's name: tests and the story find it by this. */
export const DEMO_SCALE_NAME = '收货模拟秤';

export async function seedScales(tx: Tx, opts: { meta: EventMeta }): Promise<number> {
  let events = 0;
  for (const orgId of MALL_SCHOOL_ORGS) {
    if (await tx.selectFrom('scales').select('id').where('org_id', '=', orgId).limit(1).executeTakeFirst()) continue;
    const scaleId = crypto.randomUUID();
    const result = await decideAndAppend(tx, {
      orgId, streamId: scaleStream(scaleId), streamType: 'scale', decider: scaleDecider, meta: opts.meta,
      command: {
        type: 'RegisterScale', allowed: true, nameTaken: false, count: 0,
        scale: { scaleId, name: DEMO_SCALE_NAME, model: '模拟电子秤', protocol: 'simulated', baudRate: DEFAULT_BAUD_RATE, toleranceKind: 'percent', tolerance: 2, enabled: true },
      },
    });
    events += result.events.length;
  }
  return events;
}
