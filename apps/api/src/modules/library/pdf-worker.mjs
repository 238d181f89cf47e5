// The entry of the thread that extracts PDF text (pdf-text-thread.ts). A worker thread does
// not inherit the loader of the process, so tsx registers itself here to load the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker-main.ts');
