import { createContext } from 'react';
import type { Actor } from 'xstate';
import type { AppMachine } from '../../machines/app.machine.ts';

/** The root actor of the console (machines/app.machine.ts), created once at module scope in appActor.ts. */
export type AppActorRef = Actor<AppMachine>;

export const AppActorContext = createContext<AppActorRef | null>(null);
