import { z } from 'zod';
import { SUBMENU_MAX_ITEMS } from '../constants';
import { submenuItemTypes, submenuParents } from './submenu-rules';

export * from './submenu-rules';

/**
 * A stored custom sub-item. `category` holds the Market Price category or the News section: both
 * play the same role (unique per parent, used for the route).
 */
export const submenuItemSchema = z.object({
  id: z.string().min(1),
  title: z.string().trim().min(1),
  category: z.string().min(1).optional(),
  type: z.enum(submenuItemTypes).optional(),
});
export type SubmenuItem = z.infer<typeof submenuItemSchema>;

export const submenuStateSchema = z.partialRecord(
  z.enum(submenuParents),
  z.array(submenuItemSchema).max(SUBMENU_MAX_ITEMS),
);
export type SubmenuState = z.infer<typeof submenuStateSchema>;
