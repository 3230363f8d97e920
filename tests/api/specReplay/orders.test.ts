import { replayAll } from './replay.ts';
import { replays } from './orders.replays.ts';

replayAll('orders', replays);
