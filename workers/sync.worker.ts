// The sync worker: only exposes the API; the engine lives in workers/sync/.
import { expose } from 'comlink';
import { api } from './sync/api';

expose(api);
