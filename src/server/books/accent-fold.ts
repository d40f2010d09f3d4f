/**
 * Letters with accents (Latin-1 and Latin Extended-A, both cases) and their plain lower-case
 * letter, position by position. PostgreSQL's search column folds with translate() over this
 * table (migration 003) and search terms are folded with it here, so 'bronte' finds 'Brontë'
 * as SQLite's FTS5 (remove_diacritics 2) does. Part of migration 003's history: change it only
 * together with a new migration that rebuilds the column.
 */
export const ACCENTED_LETTERS =
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽž';
export const PLAIN_LETTERS =
  'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzz';

const PLAIN_BY_ACCENTED = new Map(
  [...ACCENTED_LETTERS].map((letter, i) => [letter, PLAIN_LETTERS[i]!] as const),
);

/** Replaces each accented letter of the table by its plain lower-case letter. */
export function foldAccents(text: string): string {
  let folded = '';
  for (const letter of text) folded += PLAIN_BY_ACCENTED.get(letter) ?? letter;
  return folded;
}
