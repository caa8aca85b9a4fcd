// The report worker: only exposes the API; the reports run in workers/reports/ over src/domain/reports.
import { expose } from 'comlink';
import { api } from './reports/api';

expose(api);
