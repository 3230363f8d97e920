// §7 logging: the console's own operation entries, one append-only stream per org. Nothing is read back to
// decide; the decider only checks the entries and records them as the session names who and where.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { OPERATION_LOG } from '../constants.ts';

export interface OperationLogged { topic: string; orgName: string; orgType: string; username2: string; log: Record<string, unknown>[] }

export type OperationLogEvent = DomainEvent<'OperationLogged', OperationLogged>;

export type OperationLogCommand = { type: 'LogOperations' } & OperationLogged;

/** How many entries the log holds (the stream's contents are never needed to decide). */
export interface OperationLogState { entries: number }

export const OPERATION_LOG_TEXT = {
  tooMany: `参数错误：操作日志每次最多 ${OPERATION_LOG.maxEntries} 条`,
  tooBig: (row: number) => `参数错误：第 ${row} 条操作日志超过 ${OPERATION_LOG.maxEntryBytes / 1024} KB`,
  tooLarge: `请求体过大：操作日志每次最多 ${OPERATION_LOG.maxEntries} 条、每条最多 ${OPERATION_LOG.maxEntryBytes / 1024} KB`,
  tooOften: '操作日志写入过于频繁，请稍后再试',
} as const;

const utf8 = new TextEncoder();

/** The first entry (1-based) whose JSON is over OPERATION_LOG.maxEntryBytes, or 0. */
export function oversizedEntry(log: readonly unknown[]): number {
  const i = log.findIndex((e) => utf8.encode(JSON.stringify(e) ?? '').length > OPERATION_LOG.maxEntryBytes);
  return i + 1;
}

export const operationLogDecider: Decider<OperationLogCommand, OperationLogState, OperationLogEvent> = {
  initialState: () => ({ entries: 0 }),

  decide(command) {
    if (command.log.length === 0) return refuse('invalid', '参数错误：日志不能为空');
    // issue 27: bounded, so that no member fills the org's log (and its readers' answers)
    if (command.log.length > OPERATION_LOG.maxEntries) return refuse('invalid', OPERATION_LOG_TEXT.tooMany);
    const big = oversizedEntry(command.log);
    if (big) return refuse('invalid', OPERATION_LOG_TEXT.tooBig(big));
    const { type: _, ...data } = command;
    return [{ type: 'OperationLogged', data }];
  },

  evolve(state, event) {
    return { entries: state.entries + event.data.log.length };
  },
};
