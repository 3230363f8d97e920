import { replayAll } from './replay.ts';
import { replays } from './roles.replays.ts';

replayAll('roles', replays);
