// Given-when-then for deciders (STYLE.md, emmett's DeciderSpecification): given past events, when a command,
// then the new events, or a refusal with its code. No database: the rules alone.
import { expect } from 'vitest';
import { fold, isRefusal, type Decider, type DomainEvent, type RefusalCode } from '../../domain/decider.ts';

export function given<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, events: E[] = []) {
  const state = fold(decider, events);
  return {
    when(command: C) {
      const decision = decider.decide(command, state);
      return {
        then(expected: E[]) {
          if (isRefusal(decision)) throw new Error(`refused (${decision.refused}): ${decision.message}`);
          expect(decision).toEqual(expected);
        },
        thenRefused(code: RefusalCode, message?: string | RegExp) {
          expect(isRefusal(decision), `expected a refusal, got ${JSON.stringify(decision)}`).toBe(true);
          if (!isRefusal(decision)) return;
          expect(decision.refused).toBe(code);
          if (message !== undefined) expect(decision.message).toMatch(message);
        },
        /** the decided events, for checks on some of their fields */
        events(): E[] {
          if (isRefusal(decision)) throw new Error(`refused (${decision.refused}): ${decision.message}`);
          return decision;
        },
        /** the state after the decided events, for rules that read it */
        state(): S {
          if (isRefusal(decision)) throw new Error(`refused (${decision.refused}): ${decision.message}`);
          return decision.reduce(decider.evolve, state);
        },
      };
    },
  };
}
