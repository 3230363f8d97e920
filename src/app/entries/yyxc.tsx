import { bootstrap } from '../bootstrap.tsx';

void bootstrap('yyxc');
