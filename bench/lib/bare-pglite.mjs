// Baseline process for server-start: only PGlite.create({ dataDir }) — from the template
// (loadDataDir, same file Portico uses) when the folder is empty — then prints "ready".
// node bench/lib/bare-pglite.mjs <dataDir> [<template.tar>]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const [dataDir, template] = process.argv.slice(2);
const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
const loadDataDir = fresh && template ? new Blob([readFileSync(template)]) : undefined;
const pg = await PGlite.create({ dataDir, ...(loadDataDir ? { loadDataDir } : {}) });
process.stdout.write('ready\n');
await pg.close();
