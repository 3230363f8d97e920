/**
 * Coverage of the generated paths (issue 3): every state node and every transition (each `on` branch,
 * `after`, invoke `onDone`/`onError`, `always`) of each machine is taken by at least one generated path
 * when it is replayed on a real actor (microsteps read with `inspect`). Fails naming what is unreached.
 */
import { describe, expect, it } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';
import { orgAppMachine } from '../../machines/orgApp.machine.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { coverage, machineStates, machineTransitions } from './graph.ts';
import { allModels, orgAppModel, sessionModel } from './models.ts';

describe('every state and transition is reached by a generated path', () => {
  for (const model of allModels()) {
    it(model.name, () => {
      const report = coverage(model);
      expect(report.states).toBeGreaterThan(1);
      expect(report.transitions).toBeGreaterThan(1);
      expect(report.unreached).toEqual([]);
    });
  }
});

/** A machine config, loosely typed: the variants add events and states the machine's types do not know. */
interface LooseConfig {
  on?: Record<string, unknown>;
  states?: Record<string, { on?: Record<string, unknown> } & Record<string, unknown>>;
  [key: string]: unknown;
}

/** A copy of a machine built from its config (plus its implementations), with the config changed. */
function variant<M extends AnyStateMachine>(machine: M, change: (config: LooseConfig) => LooseConfig): M {
  const config = change(machine.config as unknown as LooseConfig);
  return createMachine(config as never, machine.implementations as never) as unknown as M;
}

describe('the coverage check notices what the models do not reach', () => {
  it('reads every state and transition from the machine definition', () => {
    expect(machineStates(sessionMachine).map((s) => s.label)).toEqual([
      'signedOut',
      'signingIn',
      'signedIn',
      'signedIn.active',
      'loggingOut',
    ]);
    const labels = machineTransitions(sessionMachine).map((t) => t.label);
    expect(labels).toContain('(root) --SESSION_LOST [losesSession]--> signedOut');
    expect(labels).toContain('signingIn --done: login--> signedIn');
    expect(labels).toContain('signedIn.active --after sessionExpiry--> signedIn.active');
    expect(labels).toContain('signedIn --(always) [expired]--> signedOut');
    expect(labels).toHaveLength(21);
  });

  it('fails naming a transition (and a state) added to a machine without a fixture that takes it', () => {
    const extended = variant(sessionMachine, (config) => ({
      ...config,
      states: {
        ...config.states,
        signedIn: { ...config.states!.signedIn, on: { ...config.states!.signedIn.on, REAUTHENTICATE: 'signingIn' } },
        locked: { on: { UNLOCK: 'signedOut' } },
      },
    }));
    const report = coverage(sessionModel(extended));
    expect(report.unreached).toEqual([
      'session: state locked unreached',
      'session: transition signedIn --REAUTHENTICATE--> signingIn unreached',
      'session: transition locked --UNLOCK--> signedOut unreached',
    ]);
  });

  it('fails naming a guard branch no fixture payload takes', () => {
    const extended = variant(orgAppMachine, (config) => ({
      ...config,
      on: {
        ...config.on,
        // a new first branch for CHOOSE whose guard no fixture org-app satisfies
        CHOOSE: [
          { guard: ({ event }: { event: { orgApp?: { disabled?: boolean } } }) => Boolean(event.orgApp?.disabled), target: '.idle' },
          ...[config.on!.CHOOSE].flat(),
        ],
      },
    }));
    const report = coverage(orgAppModel(extended));
    expect(report.unreached).toEqual(['orgApp: transition (root) --CHOOSE [guard]--> idle unreached']);
  });
});
