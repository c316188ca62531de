package dev.waymark.ui.common;

/** CSS class names of the studio, as constants so views and the stylesheet cannot drift apart silently. */
public final class Styles {
  public static final String STYLESHEET = "/dev/waymark/ui/studio.css";

  public static final String PANEL = "wm-panel";
  public static final String PANEL_TITLE = "wm-panel-title";
  public static final String HINT = "wm-hint";
  public static final String MONO = "wm-mono";
  public static final String ERROR_TEXT = "wm-error-text";
  public static final String OK_TEXT = "wm-ok-text";
  public static final String WARN_TEXT = "wm-warn-text";
  public static final String BANNER = "wm-banner";
  public static final String BANNER_MODAL = "wm-banner-modal";
  public static final String TOKEN = "wm-token";
  public static final String CHIP = "wm-chip";
  public static final String CHIP_RISK = "wm-chip-risk";
  public static final String APPROVAL = "wm-approval";
  public static final String APPROVAL_TITLE = "wm-approval-title";
  public static final String FIELD_LABEL = "wm-field-label";
  public static final String PAIRING_CODE = "wm-pairing-code";
  public static final String STATUS_DOT = "wm-status-dot";
  public static final String STATUS_ON = "wm-status-on";
  public static final String STATUS_OFF = "wm-status-off";
  public static final String ROW_FAILED = "wm-row-failed";
  public static final String ROW_PERSON = "wm-row-person";
  public static final String ROW_SECTION = "wm-row-section";
  public static final String ROW_GROUP = "wm-row-group";
  public static final String ROW_MUTED = "wm-row-muted";
  public static final String PRIMARY = "wm-primary";
  public static final String DANGER = "wm-danger";
  public static final String ICON = "wm-icon";
  /** A step's state word with its icon (StateCell), coloured by one of the four below. */
  public static final String STATE = "wm-state";
  public static final String STATE_OK = "wm-state-ok";
  public static final String STATE_FAILED = "wm-state-failed";
  public static final String STATE_WARN = "wm-state-warn";
  public static final String STATE_MUTED = "wm-state-muted";
  /** The keys of a shortcut in the Shortcuts sheet. */
  public static final String KEYS = "wm-keys";

  // JSON highlighting in the decision editor.
  public static final String JSON_KEY = "json-key";
  public static final String JSON_STRING = "json-string";
  public static final String JSON_NUMBER = "json-number";
  public static final String JSON_LITERAL = "json-literal";
  public static final String JSON_PUNCT = "json-punct";
  public static final String JSON_ERROR = "json-error";

  private Styles() {}
}
