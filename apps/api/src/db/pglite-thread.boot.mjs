// Worker threads do not inherit the process's module hooks (Node 20), so the database thread
// registers tsx itself before loading its TypeScript (decision 113).
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread.worker.ts');
