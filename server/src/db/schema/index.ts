// Every table of the server database, one module per area; drizzle-kit and the Db type read this file.
export * from './companies';
export * from './users';
export * from './sync';
export * from './locations';
export * from './accounts';
export * from './bills';
export * from './imports';
export * from './contracts';
export * from './alerts';
export * from './budgets';
export * from './billPay';
export * from './openClose';
export * from './energyStar';
export * from './support';
export * from './reports';
export * from './files';
export * from './userAudit';
