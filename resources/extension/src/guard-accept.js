// @ts-check
// As guard-dismiss.js, for one navigate step with accept_dialog: true (wins over the standing
// dismiss guard, whichever runs first).
import { installDialogGuard } from './executor/dialog-guard.js';

installDialogGuard(true, 'load-accept');
