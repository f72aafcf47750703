// A worker process for the kill test: serves one system's queue until SIGKILLed (or told to stop
// with SIGTERM). Each job first logs its execution and waits `callMs` (the call to SEFAZ in the
// API, where a kill lands most often), then records its effect and completes as its system does.
import { SYSTEMS } from './systems/index.mjs';

const [name, url, optionsJson] = process.argv.slice(2);
const options = JSON.parse(optionsJson);
const system = SYSTEMS[name];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const handle = await system.startWorkers(url, { ...options, before: () => sleep(options.callMs) });
process.send?.('ready');
process.on('SIGTERM', () => {
  handle.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
