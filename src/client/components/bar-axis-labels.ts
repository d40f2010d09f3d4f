/** About what a character of the axis' font takes, and the least gap between two labels (px). */
const CHAR_PX = 8;
const GAP_PX = 8;
/** The fewest characters a label line is cut to, however narrow the bars. */
const LEAST_CHARS = 4;

/** `label` in two lines of at most `fit` characters when it is longer (cut at a space). */
function wrapInTwo(label: string, fit: number): string {
  if (label.length <= fit) return label;
  const space = label.lastIndexOf(' ', fit);
  // One word longer than the line: left whole (fewer labels are shown instead).
  if (space <= 0) return label;
  const rest = label.slice(space + 1);
  return `${label.slice(0, space)}\n${rest.length <= fit ? rest : `${rest.slice(0, fit - 1).trimEnd()}…`}`;
}

/**
 * The labels under a bar chart of `widthPx`: each in at most two lines that fit its bar's width
 * (four authors' names at 360 px), and `step`, every how many bars one is shown when even so
 * they would run together (16 squares at 360 px).
 */
export function barAxisLabels(
  labels: string[],
  widthPx: number,
): { lines: string[]; step: number } {
  const perBar = widthPx / Math.max(1, labels.length);
  const fit = Math.max(LEAST_CHARS, Math.floor((perBar - GAP_PX) / CHAR_PX));
  const lines = labels.map((label) => wrapInTwo(label, fit));
  const longest = Math.max(0, ...lines.flatMap((l) => l.split('\n').map((part) => part.length)));
  const step = Math.max(1, Math.ceil((labels.length * (longest * CHAR_PX + GAP_PX)) / widthPx));
  return { lines, step };
}
