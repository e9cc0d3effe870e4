import * as nodeModule from 'node:module';

// Node.js keeps the compiled code of every module it loads in a cache on disk (the operating
// system's temporary folder, or NODE_COMPILE_CACHE), so a restart compiles none of the server's
// ~1,700 modules again. Imported first by main.ts, before any other module is loaded. An older
// Node.js has no such cache: it goes on to main.ts's check, which refuses it in one line.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
