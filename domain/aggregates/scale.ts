// Electronic scales (issue 11, §2 mallElectronicWeightManage): one stream per registered scale ('scale-<id>') in
// the school's org. The rules of the fields and of weighing are domain/scale.ts's; the handler looks up whether the
// name is taken in the org, how many scales it has and whether the caller may manage them, and passes them in.
import { changedFields, withChanges } from './changes.ts';
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { SCALE_LIMITS, SCALE_TEXT, scaleProblem, toleranceProblem, type ScaleFields } from '../scale.ts';

export const scaleStream = (scaleId: string) => `scale-${scaleId}`;

export interface ScaleRegistered extends ScaleFields { scaleId: string }
export type ScaleChanged = { scaleId: string } & Partial<ScaleFields>;
export interface ScaleRemoved { scaleId: string }

export type ScaleEvent =
  | DomainEvent<'ScaleRegistered', ScaleRegistered>
  | DomainEvent<'ScaleChanged', ScaleChanged>
  | DomainEvent<'ScaleRemoved', ScaleRemoved>;

/** Facts the handler found: another scale of the org has the name; the org's scales; the caller may manage them. */
interface Facts { nameTaken: boolean; allowed: boolean }

export type ScaleCommand =
  | ({ type: 'RegisterScale'; scale: ScaleRegistered; count: number } & Facts)
  | ({ type: 'ChangeScale'; change: ScaleChanged } & Facts)
  | { type: 'RemoveScale'; scaleId: string; allowed: boolean };

export interface ScaleState { status: 'none' | 'live' | 'removed'; scale: ScaleFields | null }

const trimmed = <T extends Partial<ScaleFields>>(s: T): T => ({
  ...s, ...(s.name !== undefined && { name: s.name.trim() }), ...(s.model !== undefined && { model: s.model.trim() }),
});

export const scaleDecider: Decider<ScaleCommand, ScaleState, ScaleEvent> = {
  initialState: () => ({ status: 'none', scale: null }),
  decide(command, state) {
    if (!command.allowed) return refuse('forbidden', SCALE_TEXT.mayNotManage);
    switch (command.type) {
      case 'RegisterScale': {
        const s = trimmed(command.scale);
        if (state.status !== 'none') return refuse('conflict', SCALE_TEXT.nameTaken(s.name));
        const bad = scaleProblem(s);
        if (bad) return refuse('invalid', bad);
        if (command.nameTaken) return refuse('conflict', SCALE_TEXT.nameTaken(s.name));
        if (command.count >= SCALE_LIMITS.scales) return refuse('unprocessable', SCALE_TEXT.tooMany);
        return [{ type: 'ScaleRegistered', data: s }];
      }
      case 'ChangeScale': {
        if (state.status !== 'live' || !state.scale) return refuse('notFound', SCALE_TEXT.notFound);
        const { scaleId, ...rest } = trimmed(command.change);
        const bad = scaleProblem(rest);
        if (bad) return refuse('invalid', bad);
        // a kind changed alone must still fit the tolerance kept (5 % is fine, 500 % is not)
        const next = withChanges(state.scale, rest);
        const tol = toleranceProblem(next.toleranceKind, next.tolerance);
        if (tol) return refuse('invalid', tol);
        if (rest.name !== undefined && rest.name !== state.scale.name && command.nameTaken) return refuse('conflict', SCALE_TEXT.nameTaken(rest.name));
        const differs = changedFields(state.scale, rest);
        return Object.keys(differs).length ? [{ type: 'ScaleChanged', data: { scaleId, ...differs } }] : [];
      }
      case 'RemoveScale':
        if (state.status !== 'live') return refuse('notFound', SCALE_TEXT.notFound);
        return [{ type: 'ScaleRemoved', data: { scaleId: command.scaleId } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ScaleRegistered': {
        const { scaleId: _, ...scale } = event.data;
        return { status: 'live', scale };
      }
      case 'ScaleChanged': {
        const { scaleId: _, ...change } = event.data;
        return { ...state, scale: state.scale && withChanges(state.scale, change) };
      }
      case 'ScaleRemoved':
        return { ...state, status: 'removed' };
    }
  },
};
