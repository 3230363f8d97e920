// §7 logging: the console's own operation entries, one append-only stream per org. Nothing is read back to
// decide; the decider only checks the entries and records them as the session names who and where.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';

export interface OperationLogged { topic: string; orgName: string; orgType: string; username2: string; log: Record<string, unknown>[] }

export type OperationLogEvent = DomainEvent<'OperationLogged', OperationLogged>;

export type OperationLogCommand = { type: 'LogOperations' } & OperationLogged;

/** How many entries the log holds (the stream's contents are never needed to decide). */
export interface OperationLogState { entries: number }

export const operationLogDecider: Decider<OperationLogCommand, OperationLogState, OperationLogEvent> = {
  initialState: () => ({ entries: 0 }),

  decide(command) {
    if (command.log.length === 0) return refuse('invalid', '参数错误：日志不能为空');
    const { type: _, ...data } = command;
    return [{ type: 'OperationLogged', data }];
  },

  evolve(state, event) {
    return { entries: state.entries + event.data.log.length };
  },
};
