// `node --import bench/lib/rate-limit-register.mjs <server>`: installs rate-limit-hook.mjs before the
// server's modules load, so a spawned server gets the raised (not removed) rate limits too.
import { register } from 'node:module';

register('./rate-limit-hook.mjs', import.meta.url);
