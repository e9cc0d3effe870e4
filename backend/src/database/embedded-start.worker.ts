import { parentPort, workerData } from 'node:worker_threads';
import type { UnpackMessage } from './embedded-start';
import { unpackImage } from './image-unpack';

// The thread embedded-start.ts starts on a first start: the image unpacked while the main thread
// loads the server's modules.

const { dataDir, imageDir } = workerData as { dataDir: string; imageDir: string };
const post = (message: UnpackMessage) => parentPort!.postMessage(message);

unpackImage(dataDir, imageDir).then(
  (unpacked) => post({ unpacked }),
  (error: unknown) => post({ failed: error instanceof Error ? error.message : String(error) }),
);
