// As guard-dismiss.js, for a step with accept_dialog: true.
import { installDialogGuard } from './executor/dialog-guard.js';

installDialogGuard(true);
