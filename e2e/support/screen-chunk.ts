import { readFileSync } from 'node:fs';
import { STATE_NAMES, type StateName } from '@portico/core/states/state-names';
import { SCREEN_CHUNKS_FILE, type ScreenChunks } from '../../packages/widget/vite.build-plugins.ts';

/**
 * The URL pattern of one state's own screen chunk in the built widget. Chunks are named by their
 * hash alone (docs/decisions.md), so a test that holds a screen's code back finds its file in the
 * build's state → chunks table (the loader's preload table), whose first entry per state is the
 * screen's own chunk.
 */
export function screenChunkPattern(state: StateName): RegExp {
  const table = JSON.parse(readFileSync(SCREEN_CHUNKS_FILE, 'utf8')) as ScreenChunks;
  const files = table.files.split(' ');
  const own = table.states.split('|')[STATE_NAMES.indexOf(state)]?.split(',')[0];
  if (own === undefined || own === '') throw new Error(`screen-chunk: no chunk of its own for ${state} in ${SCREEN_CHUNKS_FILE}`);
  const file = files[parseInt(own, 36)]!;
  return new RegExp(`/chunks/${file.replace(/[^\w-]/g, (c) => `\\${c}`)}\\.js$`);
}
