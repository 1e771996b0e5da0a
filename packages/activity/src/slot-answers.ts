// 000 section 4, "Drag and drop": what happens to a question's slots when options move. Pure, so the drag and
// drop, click and keyboard paths share one rule.

/** slot id -> the option id placed in it */
export type SlotFill = Readonly<Record<string, number>>;

const without = (fill: SlotFill, optionId: number): Record<string, number> =>
  Object.fromEntries(Object.entries(fill).filter(([, id]) => id !== optionId));

/**
 * Dropping an option into a slot fills the slot; the option leaves the pool (or the slot it came from); an option
 * already in that slot is displaced back to the pool.
 */
export function fillSlot(fill: SlotFill, slot: string, optionId: number): SlotFill {
  return { ...without(fill, optionId), [slot]: optionId };
}

/** The remove button clears a slot; its option returns to the pool. */
export function clearSlot(fill: SlotFill, slot: string): SlotFill {
  return Object.fromEntries(Object.entries(fill).filter(([s]) => s !== slot));
}

/** Dropping an option on the pool returns it. */
export function returnToPool(fill: SlotFill, optionId: number): SlotFill {
  return without(fill, optionId);
}

/** Clicking an option fills the first unfilled slot in text order; with every slot filled nothing changes. */
export function fillFirstEmptySlot(fill: SlotFill, slotOrder: readonly string[], optionId: number): SlotFill {
  const slot = slotOrder.find((s) => fill[s] === undefined);
  return slot === undefined ? fill : fillSlot(fill, slot, optionId);
}

/** The options still in the pool (not in any slot), in the given order. */
export function poolOptions<T extends { id: number }>(options: readonly T[], fill: SlotFill): T[] {
  const placed = new Set(Object.values(fill));
  return options.filter((o) => !placed.has(o.id));
}
