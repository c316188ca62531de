// Content script registered (MAIN world, document_start) only while a step navigates the task
// tab: a dialog the new page opens while loading is dismissed and reported, not left blocking.
import { installDialogGuard } from './executor/dialog-guard.js';

installDialogGuard(false);
