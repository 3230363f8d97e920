-- Issue 11 follow-up: the supplier's note on its confirmation (the confirm action's reason, e.g. 周三上午送达), kept
-- on the order row so the school reads it in the order's detail; the order log reads it from OrderConfirmed.
ALTER TABLE orders ADD COLUMN confirm_note text NOT NULL DEFAULT '';
