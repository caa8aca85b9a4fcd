// The import worker: only exposes the API; files are read and checked in workers/imports/ over src/domain/imports.
import { expose } from 'comlink';
import { api } from './imports/api';

expose(api);
