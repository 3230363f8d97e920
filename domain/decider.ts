// The decider (STYLE.md, emmett's `decider.ts`): what a command means for an aggregate, decided in one pure
// place. `decide` turns a command and the current state into events or a refusal; `evolve` folds an event into
// the state. The server's command handler (server/store/command.ts) only loads, decides and appends, so the
// same rules run in unit tests without a database, in import dry runs and in the console's statecharts.

/** Why a command was refused; each code has one HTTP status (server/http/refusal.ts). */
export type RefusalCode = 'invalid' | 'notFound' | 'forbidden' | 'conflict' | 'unprocessable';

export interface Refusal {
  refused: RefusalCode;
  /** the text the user reads (§8 where it names one) */
  message: string;
  /** each reason on its own, for a form or a batch row that lists them */
  reasons?: string[];
}

export const refuse = (refused: RefusalCode, message: string, reasons?: string[]): Refusal => ({ refused, message, ...(reasons && { reasons }) });

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && 'refused' in value && typeof (value as Refusal).message === 'string';
}

/** An event as a decider produces it: a type from the module's union and its data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export type Decision<E> = E[] | Refusal;

export interface Decider<Command, State, Event extends DomainEvent> {
  initialState: () => State;
  decide: (command: Command, state: State) => Decision<Event>;
  evolve: (state: State, event: Event) => State;
}

/** The state after a run of events, from the decider's initial state. */
export function fold<S, E extends DomainEvent>(decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'>, events: readonly E[]): S {
  return events.reduce(decider.evolve, decider.initialState());
}
