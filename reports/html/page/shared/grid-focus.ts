/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Roving focus over a grid of buttons (the report's matrix, the dashboard's): one tab stop for the whole grid, and
// the arrow keys, Home/End (Ctrl for the corners) and Page Up/Down move between cells.

/** Rows Page Up / Page Down move by. */
const PAGE_STEP = 10;

/**
 * Moves the focus for a keydown inside the grid; other keys and targets are left alone.
 * @param grid the focusable cells by row (a row header first, if any), as drawn
 * @param event the keydown event
 * @example
 * table.addEventListener('keydown', (event) => moveGridFocus(grid, event));
 */
export function moveGridFocus(grid: readonly (readonly HTMLElement[])[], event: KeyboardEvent): void {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return;
  let row = -1;
  let column = -1;
  grid.some((cells, r) => {
    const c = cells.indexOf(target);
    if (c < 0) return false;
    row = r;
    column = c;
    return true;
  });
  if (row < 0) return;
  const last = grid.length - 1;
  const moves: Partial<Record<string, readonly [number, number]>> = {
    ArrowRight: [row, column + 1],
    ArrowLeft: [row, column - 1],
    ArrowDown: [row + 1, column],
    ArrowUp: [row - 1, column],
    Home: event.ctrlKey ? [0, 0] : [row, 0],
    End: event.ctrlKey ? [last, Infinity] : [row, Infinity],
    PageDown: [row + PAGE_STEP, column],
    PageUp: [row - PAGE_STEP, column],
  };
  const move = moves[event.key];
  if (!move) return;
  event.preventDefault();
  const cells = grid[Math.max(0, Math.min(last, move[0]))] ?? [];
  const next = cells[Math.max(0, Math.min(cells.length - 1, move[1]))];
  if (!next) return;
  for (const cellsOfRow of grid) for (const cell of cellsOfRow) cell.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}
