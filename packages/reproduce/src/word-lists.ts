// Counts and lists as a person writes them, for the map's sentences.

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** A count as a word up to ten, in figures above. */
export const countWord = (n: number): string => WORDS[n] ?? String(n);

/** Every one of `n` cells: `all six cells`, or `its one cell`. */
export const allCells = (n: number): string => (n === 1 ? 'its one cell' : `all ${countWord(n)} cells`);

/** Items as a list a person writes: `a`, `a and b`, `a, b and c`. */
export function listText(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
