import { replayAll } from './replay.ts';
import { replays } from './datetime.replays.ts';

replayAll('datetime', replays);
