import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STATE_NAMES } from '@portico/core';
import { describe, expect, it } from 'vitest';
import { POPUP_FRAME, screenChunks, screenModules } from '../../vite.build-plugins.ts';
import { POPUP_FRAME as LOADER_POPUP_FRAME, screenChunkUrls } from './screen-preload.ts';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the build finds the screen of every state (vite.build-plugins.ts reads src/states.ts)', () => {
  it('each state, and the popup dialog, names a screen module that exists', () => {
    const modules = screenModules(readFileSync(path.join(srcDir, 'states.ts'), 'utf8'), srcDir);
    for (const state of [...STATE_NAMES, POPUP_FRAME]) {
      const module = modules.get(state);
      expect(module, state).toBeDefined();
      expect(existsSync(module!), `${state}: ${module}`).toBe(true);
    }
    expect(modules.get('register')).toBe(path.join(srcDir, 'screens/register/register-screen.tsx'));
    expect(modules.get('support')).toBe(path.join(srcDir, 'screens/support/support-screen.tsx'));
    expect(POPUP_FRAME).toBe(LOADER_POPUP_FRAME);
  });

  it('fails the build when a state has no row it can read', () => {
    expect(() => screenModules("const notAvailable = () => ({ load: () => import('./na.tsx') });\nconst ROWS = {\n  login: built(() => import('./login.tsx')),\n};", srcDir)).toThrow(/no screen found in src\/states.ts for register, selectPlan,/);
  });
});

describe('the table the loader reads', () => {
  it("lists a screen's own chunk, then its static imports transitively, without chunks/app.js, each file once", () => {
    const chunk = (fileName: string, imports: string[], modules: string[]) => ({ type: 'chunk' as const, fileName, imports, modules: Object.fromEntries(modules.map((m) => [m, {}])) });
    const bundle = {
      'chunks/app.js': chunk('chunks/app.js', [], ['/src/app/index.tsx']),
      'chunks/signup-S.js': chunk('chunks/signup-S.js', ['chunks/app.js', 'chunks/kit-K.js', 'chunks/errors-E.js'], ['/src/register.tsx']),
      'chunks/kit-K.js': chunk('chunks/kit-K.js', ['chunks/app.js', 'chunks/deep-D.js'], ['/src/kit.ts']),
      'chunks/deep-D.js': chunk('chunks/deep-D.js', ['chunks/app.js'], ['/src/deep.ts']),
      'chunks/errors-E.js': chunk('chunks/errors-E.js', [], ['/src/errors.ts']),
      'chunks/plans-P.js': chunk('chunks/plans-P.js', ['chunks/app.js', 'chunks/kit-K.js'], ['/src/plans.tsx']),
      'chunks/popup-F.js': chunk('chunks/popup-F.js', ['chunks/app.js'], ['/src/popup.tsx']),
      'chunks/na-N.js': chunk('chunks/na-N.js', ['chunks/app.js'], ['/src/na.tsx']),
    };
    const modules = new Map<string, string>([...STATE_NAMES].map((s) => [s, '/src/na.tsx']));
    modules.set('register', '/src/register.tsx');
    modules.set('selectPlan', '/src/plans.tsx');
    modules.set(POPUP_FRAME, '/src/popup.tsx');
    const table = screenChunks(bundle, modules);
    const urls = (state: string) => screenChunkUrls(table, state, 'https://p.example/').map((u) => u.replace('https://p.example/chunks/', ''));
    expect(urls('register')).toEqual(['signup-S.js', 'kit-K.js', 'errors-E.js', 'deep-D.js']);
    expect(urls('selectPlan')).toEqual(['plans-P.js', 'kit-K.js', 'deep-D.js']);
    expect(urls(POPUP_FRAME)).toEqual(['popup-F.js']);
    expect(urls('support')).toEqual(['na-N.js']);
    expect(table.files.split(' ').filter((f) => f === 'kit-K')).toHaveLength(1);
  });
});
