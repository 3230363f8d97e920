import { replayAll } from './replay.ts';
import { replays } from './passport.replays.ts';

replayAll('passport', replays);
