// The export worker: only exposes the API; building lives in workers/export/.
import { expose } from 'comlink';
import { api } from './export/api';

expose(api);
