import * as graphileWorker from './graphile-worker.mjs';
import * as homeMade from './home-made.mjs';
import * as pgBoss from './pg-boss.mjs';

export const SYSTEMS = {
  'home-made': homeMade,
  'pg-boss': pgBoss,
  'graphile-worker': graphileWorker,
};
