// Issue 34: a record an org's mall operators keep for the storefront: a content item (banner, notice, article), a
// recommendation, a campaign, or the storefront template (one per org). One stream per record; each kind's rules are
// its domain/mall file's problem function, so the decider only adds existence and kind checks.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { mallContentProblem, templateProblem, type MallContent, type StorefrontTemplate } from '../mall/content.ts';
import { campaignProblem, type Campaign } from '../mall/campaign.ts';
import { recommendationProblem, type Recommendation } from '../mall/recommendation.ts';

export interface MallRecordData {
  content: MallContent;
  recommendation: Recommendation;
  campaign: Campaign;
  template: StorefrontTemplate;
}
export type MallRecordKind = keyof MallRecordData;
export const MALL_RECORD_KINDS: readonly MallRecordKind[] = ['content', 'recommendation', 'campaign', 'template'];

const PROBLEM: { [K in MallRecordKind]: (d: MallRecordData[K]) => string | null } = {
  content: mallContentProblem, recommendation: recommendationProblem, campaign: campaignProblem, template: templateProblem,
};

export const MALL_RECORD_TEXT = {
  missing: { content: '内容不存在', recommendation: '推荐不存在', campaign: '活动不存在', template: '模板不存在' },
  exists: '记录已存在',
  otherKind: '记录类型不符',
} as const;

export interface MallRecordSaved<K extends MallRecordKind = MallRecordKind> { kind: K; recordId: string; data: MallRecordData[K]; created: boolean }
export interface MallRecordRemoved { kind: MallRecordKind; recordId: string }

export type MallRecordEvent = DomainEvent<'MallRecordSaved', MallRecordSaved> | DomainEvent<'MallRecordRemoved', MallRecordRemoved>;

export type MallRecordCommand =
  /** create: the record must not exist; else it must (a template is made by its first save) */
  | { type: 'SaveMallRecord'; kind: MallRecordKind; recordId: string; data: MallRecordData[MallRecordKind]; create: boolean }
  | { type: 'RemoveMallRecord'; kind: MallRecordKind; recordId: string };

export interface MallRecordState { kind: MallRecordKind | null; live: boolean; data: unknown }

export const mallRecordDecider: Decider<MallRecordCommand, MallRecordState, MallRecordEvent> = {
  initialState: () => ({ kind: null, live: false, data: null }),
  decide(command, state) {
    if (state.kind && state.kind !== command.kind) return refuse('conflict', MALL_RECORD_TEXT.otherKind);
    switch (command.type) {
      case 'SaveMallRecord': {
        if (command.create && state.live) return refuse('conflict', MALL_RECORD_TEXT.exists);
        if (!command.create && !state.live && command.kind !== 'template') return refuse('notFound', MALL_RECORD_TEXT.missing[command.kind]);
        const problem = (PROBLEM[command.kind] as (d: unknown) => string | null)(command.data);
        if (problem) return refuse('invalid', problem);
        if (state.live && JSON.stringify(state.data) === JSON.stringify(command.data)) return [];
        return [{ type: 'MallRecordSaved', data: { kind: command.kind, recordId: command.recordId, data: command.data, created: !state.live } }];
      }
      case 'RemoveMallRecord':
        if (!state.live) return refuse('notFound', MALL_RECORD_TEXT.missing[command.kind]);
        return [{ type: 'MallRecordRemoved', data: { kind: command.kind, recordId: command.recordId } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'MallRecordSaved': return { kind: event.data.kind, live: true, data: event.data.data };
      case 'MallRecordRemoved': return { ...state, live: false };
    }
  },
};
