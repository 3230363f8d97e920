import { replayAll } from './replay.ts';
import { replays } from './mall.replays.ts';

replayAll('mall', replays);
