import { replayAll } from './replay.ts';
import { replays } from './recipeSettings.replays.ts';

replayAll('recipeSettings', replays);
