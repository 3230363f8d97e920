import { describe, expect, it } from 'vitest';
import { operationLogDecider, type OperationLogEvent } from '../../../../domain/aggregates/operationLog.ts';
import { given } from '../../../support/decider.ts';

const data = { topic: '用户', orgName: '测试机构', orgType: 'school', username2: '张三', log: [{ action: 'add' }, { action: 'edit' }] };
const logged: OperationLogEvent = { type: 'OperationLogged', data };

describe('operation log decider', () => {
  it('records the entries as given, whatever was logged before', () => {
    given(operationLogDecider).when({ type: 'LogOperations', ...data }).then([logged]);
    given(operationLogDecider, [logged]).when({ type: 'LogOperations', ...data }).then([logged]);
  });
  it('refuses an empty log', () => {
    given(operationLogDecider).when({ type: 'LogOperations', ...data, log: [] }).thenRefused('invalid');
  });
  it('counts the entries recorded', () => {
    expect(given(operationLogDecider, [logged]).when({ type: 'LogOperations', ...data }).state()).toEqual({ entries: 4 });
  });
});
