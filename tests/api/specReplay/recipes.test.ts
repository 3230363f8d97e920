import { replayAll } from './replay.ts';
import { replays } from './recipes.replays.ts';

replayAll('recipes', replays);
