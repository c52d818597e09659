/** Writes name.br and name.gz beside every text file under dir; returns the files written. */
export function precompress(dir: string): Promise<string[]>;
