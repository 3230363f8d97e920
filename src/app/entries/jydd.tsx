import { bootstrap } from '../bootstrap.tsx';

void bootstrap('jydd');
