/**
 * Collision detection for nested drop targets: of the droppables under the pointer, the
 * innermost (smallest) one wins, so a drop lands in the grid column or table cell the
 * pointer is in rather than in the container around it. A dragged field never collides
 * with itself or anything inside it. Without a pointer position (keyboard dragging) it
 * falls back to the closest centre.
 */
import { closestCenter, pointerWithin, type CollisionDetection } from '@dnd-kit/core';

export function innermostUnder(excluded: (activeId: string) => Set<string>): CollisionDetection {
  return (args) => {
    const skip = excluded(String(args.active.id));
    const droppableContainers = args.droppableContainers.filter((c) => !skip.has(String(c.id)));
    const scoped = { ...args, droppableContainers };
    if (!args.pointerCoordinates) return closestCenter(scoped);
    const area = (id: string | number) => {
      const r = args.droppableRects.get(id);
      return r ? r.width * r.height : Infinity;
    };
    return pointerWithin(scoped).sort((a, b) => area(a.id) - area(b.id));
  };
}
