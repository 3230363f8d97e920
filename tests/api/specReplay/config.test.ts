import { replayAll } from './replay.ts';
import { replays } from './config.replays.ts';

replayAll('config', replays);
