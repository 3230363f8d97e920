// Shard 1 of the bad-input walk over every route (tests/api/badInput/walk.ts says what it sends and why it is dealt out).
import { badInputShard } from './walk.ts';

badInputShard(0);
