// @ts-check
// Content script registered (MAIN world, document_start) for the task's sites while the studio
// is in control: a dialog a page opens while it loads is dismissed and reported, not left
// blocking the page.
import { installDialogGuard } from './executor/dialog-guard.js';

installDialogGuard(false, 'load');
